/** The purchase screens' routes (every purchase screen goes back to the list at data-jabatan). */
export const PURCHASE_LIST_PATH = '/admin/master-data/data-jabatan';
export const PURCHASE_ADD_PATH = '/admin/master-data/lending/add-lending';
export const EXPENSE_LIST_PATH = '/admin/expense/list';
export const EXPENSE_ADD_PATH = '/admin/expense/add';
