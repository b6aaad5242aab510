/** Where the employee screens live (admin routes). */
export const USER_LIST_PATH = '/admin/master-data/data-pegawai';

/** The list's route (its search params: `validateUserListSearch`). */
export const USER_LIST_ROUTE = '/admin/_admin/master-data/data-pegawai/';
