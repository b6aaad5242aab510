import {
  LEDGER_MESSAGES as M,
  MAX_PAGE_SIZE,
  type AdminDashboard,
  type Expense,
  type ExpenseType,
  type ExpensePage,
  type Loan,
  type LoanPage,
  type LoanSort,
  type OkBody,
  type TransactionAnswer,
  type TransactionPage,
  type TransactionSort,
  type UserListResponse,
} from '@portal/contracts';
import { api, queryString } from '../../lib/api.ts';
import type { PageQuery } from '../../lib/preload.ts';

export const ledgerKeys = {
  all: ['ledger'] as const,
  loans: (p: LoanListParams) => ['ledger', 'loans', p] as const,
  loan: (loanId: string) => ['ledger', 'loan', loanId] as const,
  history: (loanId: string, page: number) => ['ledger', 'history', loanId, page] as const,
  report: (p: ReportParams) => ['ledger', 'report', p] as const,
  expenses: (p: ExpenseListParams) => ['ledger', 'expenses', p] as const,
  expense: (uuid: string) => ['ledger', 'expense', uuid] as const,
  customers: ['ledger', 'customers'] as const,
  dashboard: ['ledger', 'dashboard'] as const,
};

export interface LoanListParams {
  search: string;
  status: '' | 'active' | 'closed';
  sort: LoanSort;
  order: 'asc' | 'desc';
  page: number;
}

export interface ReportParams {
  fromDate: string;
  toDate: string;
  sort: TransactionSort;
  order: 'asc' | 'desc';
  page: number;
}

export interface ExpenseListParams {
  search: string;
  type: ExpenseType | '';
  page: number;
}

/** The purchase form's body: the requirements' loan fields (the server works out id, name, balance). */
export interface LoanBody {
  /** The customer's user id (USR1234); the server also takes the row id. */
  customer_id: string;
  loan_amount: string;
  advance_amount: string;
  referred_by: string | null;
  status?: string;
}

export const fetchLoans = (p: LoanListParams, signal?: AbortSignal) =>
  api<LoanPage>(`/api/loans${queryString({ ...p, search: p.search.trim() })}`, {
    fallbackMessage: M.fetchDataFailed,
    signal,
  });

export const fetchLoan = (loanId: string) =>
  api<Loan>(`/api/loans/${encodeURIComponent(loanId)}`, { fallbackMessage: M.fetchLoanFailed });

export const createLoan = (body: LoanBody) =>
  api<Loan>('/api/loans', { method: 'POST', body, fallbackMessage: M.loanCreateFailed });

export const updateLoan = (loanId: string, body: LoanBody) =>
  api<Loan>(`/api/loans/${encodeURIComponent(loanId)}`, {
    method: 'PUT',
    body,
    fallbackMessage: M.updateFailed,
  });

export const deleteLoan = (loanId: string) =>
  api<OkBody>(`/api/loans/${encodeURIComponent(loanId)}`, {
    method: 'DELETE',
    fallbackMessage: M.deleteFailed,
  });

/** Customers for the purchase form: every user (GET /api/users is also the customer list). */
export const fetchCustomers = () =>
  api<UserListResponse>(`/api/users${queryString({ pageSize: MAX_PAGE_SIZE, status: 'active' })}`, {
    fallbackMessage: M.fetchCustomersFailed,
  });

export const fetchLoanTransactions = (loanId: string, page: number, signal?: AbortSignal) =>
  api<TransactionPage>(`/api/loan-transactions/${encodeURIComponent(loanId)}${queryString({ page })}`, {
    fallbackMessage: M.fetchTransactionsFailed,
    signal,
  });

export const addTransaction = (form: FormData) =>
  api<TransactionAnswer>('/api/transactions', {
    method: 'POST',
    body: form,
    fallbackMessage: M.addTransactionFailed,
  });

export const fetchReport = (p: ReportParams, signal?: AbortSignal) =>
  api<TransactionPage>(`/api/transactions/report${queryString({ ...p })}`, {
    fallbackMessage: M.fetchTransactionsFailed,
    signal,
  });

export const fetchExpenses = (p: ExpenseListParams, signal?: AbortSignal) =>
  api<ExpensePage>(`/api/expenses${queryString({ ...p, search: p.search.trim() })}`, {
    fallbackMessage: M.fetchExpensesFailed,
    signal,
  });

export const fetchExpense = (uuid: string) =>
  api<Expense>(`/api/expenses/${encodeURIComponent(uuid)}`, { fallbackMessage: M.fetchExpenseFailed });

export const saveExpense = (uuid: string | null, form: FormData) =>
  uuid
    ? api<Expense>(`/api/expenses/${encodeURIComponent(uuid)}`, {
        method: 'PUT',
        body: form,
        fallbackMessage: M.updateExpenseFailed,
      })
    : api<Expense>('/api/expenses', { method: 'POST', body: form, fallbackMessage: M.createExpenseFailed });

export const deleteExpense = (uuid: string) =>
  api<OkBody>(`/api/expenses/${encodeURIComponent(uuid)}`, {
    method: 'DELETE',
    fallbackMessage: M.deleteExpenseFailed,
  });

export const fetchAdminDashboard = (signal?: AbortSignal) =>
  api<AdminDashboard>('/api/dashboard/admin', { fallbackMessage: M.dashboardFailed, signal });

// The queries the route loaders and the screens share: one key and one fetcher each.

export const loanListQuery = (p: LoanListParams): PageQuery<LoanPage> => ({
  queryKey: ledgerKeys.loans(p),
  queryFn: ({ signal }) => fetchLoans(p, signal),
});

export const loanQuery = (loanId: string) => ({
  queryKey: ledgerKeys.loan(loanId),
  queryFn: () => fetchLoan(loanId),
});

export const loanHistoryQuery = (loanId: string, page: number): PageQuery<TransactionPage> => ({
  queryKey: ledgerKeys.history(loanId, page),
  queryFn: ({ signal }) => fetchLoanTransactions(loanId, page, signal),
});

export const reportQuery = (p: ReportParams): PageQuery<TransactionPage> => ({
  queryKey: ledgerKeys.report(p),
  queryFn: ({ signal }) => fetchReport(p, signal),
});

export const expenseListQuery = (p: ExpenseListParams): PageQuery<ExpensePage> => ({
  queryKey: ledgerKeys.expenses(p),
  queryFn: ({ signal }) => fetchExpenses(p, signal),
});

export const expenseQuery = (uuid: string) => ({
  queryKey: ledgerKeys.expense(uuid),
  queryFn: () => fetchExpense(uuid),
});

/** Moved to lib/api.ts (the candidates' export downloads the same way). */
export { downloadFile } from '../../lib/api.ts';

/** The purchase form's choice of customer. */
export const customersQuery = () => ({ queryKey: ledgerKeys.customers, queryFn: fetchCustomers });

/** The admin dashboard's ledger figures. */
export const ledgerDashboardQuery = () => ({
  queryKey: ledgerKeys.dashboard,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchAdminDashboard(signal),
});
