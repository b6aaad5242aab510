/** Where the employee screens live (spec 1 §2, admin routes). */
export const USER_LIST_PATH = '/admin/master-data/data-pegawai';
