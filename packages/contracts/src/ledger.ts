import { Type, type Static } from 'typebox';
import { FreeText, IDENTITY_FIELDS, Nullable, Page, VISIBLE_TEXT_PATTERN, echoedFields } from './common.ts';
import { MAX_PAGE, MAX_PAGE_SIZE, TRANSACTION_SORTS } from './constants.ts';
import { UserRef } from './users.ts';
import { isCalendarDate } from './dates.ts';

// ---------------------------------------------------------------------------------------------------
// The property ledger (Purchase list … Transaction Report): purchases
// ("loans" in the data), their instalments with receipts, expenses, the reports and the admin dashboard.
// ---------------------------------------------------------------------------------------------------

/** Purchase id: LN, then 6 digits of time, then 3 random digits. */
export const LOAN_ID = { prefix: 'LN', pattern: '^LN[0-9]{9}$' } as const;

export const LOAN_STATUSES = ['active', 'closed'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** Instalments added here are always credit; the report can also show debit. */
export const TRANSACTION_TYPES = ['credit', 'debit'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
/** The report shows a transaction without a status as this. */
export const DEFAULT_TRANSACTION_STATUS = 'Completed';

/** The expense charts' fixed palette (8 entries). */
export const EXPENSE_CHART_COLORS = [
  '#3C50E0',
  '#80CAEE',
  '#10B981',
  '#FFBA00',
  '#FF6766',
  '#8B5CF6',
  '#0FADCF',
  '#F472B6',
] as const;

/** Receipts: images by content, at most 5 MB. */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** Interest shown on a purchase: 1 percent of the amount. */
export const INTEREST_PERCENT = 1;

/** The largest amount any ledger field holds: one thousand crore, well inside DECIMAL(15,2). */
export const MONEY_MAX_RUPEES = 10_000_000_000;

export const PURCHASES_EXPORT = {
  fileName: (from: string, to: string) => `purchases_${from}_to_${to}.xlsx`,
  sheetName: 'Purchases',
  columns: [
    'Customer Name',
    'Purchase Amount',
    'Advance Paid',
    'Balance Remaining',
    'Paid Amount',
    'Referred By',
    'Status',
    'Date',
  ],
} as const;

export const TRANSACTIONS_EXPORT = {
  fileName: (from: string, to: string) => `transactions_${from}_to_${to}.xlsx`,
  sheetName: 'Transactions',
  columns: [
    'Transaction ID',
    'Purchase ID',
    'Customer',
    'Amount',
    'Type',
    'Status',
    'Comments',
    'Created Date',
  ],
} as const;

export const LEDGER_MESSAGES = {
  // Purchases
  creatingLoan: 'Creating loan...',
  loanCreated: 'Purchase created successfully',
  loanCreateFailed: 'Failed to create loan',
  fetchPurchaseFailed: 'Failed to fetch purchase',
  fetchLoanFailed: 'Failed to fetch loan details',
  fetchDataFailed: 'Failed to fetch data',
  invalidLoanId: 'Invalid loan ID',
  updateFailed: 'Failed to update purchase details',
  updated: 'Purchase updated successfully',
  resetFailed: 'Failed to reset form',
  deleteFailed: 'Failed to delete Purchase',
  deleted: 'Purchase deleted successfully',
  confirmDelete: 'Are you sure you want to delete this purchase? Its transactions are deleted with it.',
  fetchCustomersFailed: 'Failed to fetch customers',
  notFound: 'Purchase not found',
  customerNotFound: 'Customer not found',
  customerRequired: 'Customer is required',
  purchaseAmountRequired: 'Purchase amount is required',
  advanceAmountRequired: 'Advance amount is required',
  purchaseRequired: 'Purchase is required',
  advanceTooLarge: 'Advance amount cannot be more than the purchase amount',
  amountBelowPaid: 'The purchase amount cannot be less than the advance plus the instalments already paid',
  idsExhausted: 'Could not generate a unique purchase ID. Please try again.',
  // Transactions
  closed: 'This purchase is closed. No further transactions can be added.',
  paidOff: 'Customer has paid all the balance amount against their land purchase.',
  amountTooLarge: (remaining: string) => `Amount cannot be more than the remaining balance (${remaining})`,
  amountPositive: 'Amount must be greater than 0',
  invalidAmount: 'Please enter a valid amount (up to 2 decimal places)',
  amountRequired: 'Amount is required',
  dateRequired: 'Date is required',
  refreshFailed: 'Failed to refresh transaction data',
  addTransactionFailed: 'Failed to add transaction',
  transactionAdded: 'Transaction added successfully',
  fetchTransactionsFailed: 'Failed to fetch transactions',
  receiptType: 'Please upload an image file',
  receiptTooLarge: 'Receipt image must be less than 5MB',
  // Reports and exports
  bothDates: 'Please select both From and To dates',
  fromAfterTo: 'From date cannot be later than To date',
  noTransactions: 'No transactions found for the selected date range',
  noPurchases: 'No purchase records found for the selected date range',
  /** The transaction report's words. */
  downloadFailed: 'Failed to download report',
  downloaded: 'Report downloaded successfully',
  /** The purchase export's: an Excel file of purchases, not a report (the app's words for an Excel export). */
  purchasesDownloaded: 'Excel file downloaded successfully',
  purchasesDownloadFailed: 'Failed to download purchases',
  // Expenses
  fetchExpensesFailed: 'Failed to fetch expenses',
  fetchExpenseFailed: 'Failed to fetch expense details',
  createExpenseFailed: 'Failed to create expense',
  expenseCreated: 'Expense created successfully!',
  updateExpenseFailed: 'Failed to update expense',
  expenseUpdated: 'Expense updated successfully!',
  deleteExpenseFailed: 'Failed to delete expense',
  expenseDeleted: 'Expense deleted successfully!',
  confirmDeleteExpense: 'Are you sure you want to delete this expense?',
  expenseNotFound: 'Expense not found',
  expenseTypeInvalid: 'Please choose an expense type',
  expenseNameRequired: 'Expense name is required',
  expenseDateRequired: 'Expense date is required',
  loadingExpenses: 'Loading expenses...',
  searchExpenses: 'Search expenses...',
  // Dashboard
  dashboardFailed: 'Failed to fetch dashboard data',
} as const;

// ---------------------------------------------------------------------------------------------------
// Money: exact, in integer paise. Amounts travel as numbers with at most 2 decimals (or such text);
// every sum and difference is taken in paise, never in floating rupees.
// ---------------------------------------------------------------------------------------------------

const MONEY_TEXT = /^\s*(\d{1,13})(?:\.(\d{1,2}))?\s*$/;

/** Paise of a rupee amount given as text or a number with at most 2 decimals; null if it is not one. */
export function toPaise(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const paise = Math.round(value * 100);
    // 12.345 is not an amount; 0.1 + 0.2 style noise (12.340000000001) is.
    return Math.abs(paise - value * 100) < 1e-6 * Math.max(1, Math.abs(value)) ? paise : null;
  }
  if (typeof value !== 'string') return null;
  const m = MONEY_TEXT.exec(value);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * What is wrong with an amount a form holds, past its schema (which takes any text up to 20
 * characters): not money, or nothing where more than nothing is due. Null when it will do.
 */
export function amountError(value: unknown, { positive }: { positive: boolean }): string | null {
  const paise = toPaise(value);
  if (paise === null) return LEDGER_MESSAGES.invalidAmount;
  return positive && paise <= 0 ? LEDGER_MESSAGES.amountPositive : null;
}

/** What is wrong with a purchase's advance: not money, or more than the purchase amount. */
export function advanceError(loanAmount: unknown, advanceAmount: unknown): string | null {
  const amount = toPaise(loanAmount);
  const advance = toPaise(advanceAmount);
  if (advance === null) return LEDGER_MESSAGES.invalidAmount;
  return amount !== null && advance > amount ? LEDGER_MESSAGES.advanceTooLarge : null;
}

/** Rupees (a number with at most 2 decimals) of a paise amount, for JSON and spreadsheets. */
export const fromPaise = (paise: number): number => Number(paiseToText(paise));

/** '1234.50' from 123450 paise: the exact decimal text. */
export function paiseToText(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Compact rupees: Cr from 1e7, L from 1e5, K from 1e3, with 2 decimals and the sign. */
export function formatCompactRupees(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs >= 1e7) return `${sign}₹${(abs / 1e7).toFixed(2)}Cr`;
  if (abs >= 1e5) return `${sign}₹${(abs / 1e5).toFixed(2)}L`;
  if (abs >= 1e3) return `${sign}₹${(abs / 1e3).toFixed(2)}K`;
  return `${sign}₹${abs.toFixed(2)}`;
}

/** An amount as the forms and the API take it: a number or its text, at most 2 decimals. */
export const Money = (title: string) =>
  Type.Union([Type.Number({ minimum: 0, maximum: MONEY_MAX_RUPEES }), Type.String({ maxLength: 20 })], {
    title,
  });

/** A calendar date as the date inputs send it (YYYY-MM-DD, a day that exists). */
export const DateOnly = (title: string, errorMessage = `${title} must be a date (YYYY-MM-DD)`) =>
  Type.String({ format: 'date', title, errorMessage });

/** From and To of the reports and exports: both required, checked by `dateRangeError`. */
export const DateRangeQuery = Type.Object({
  fromDate: Type.Optional(Type.String({ maxLength: 10 })),
  toDate: Type.Optional(Type.String({ maxLength: 10 })),
});
export type DateRangeQuery = Static<typeof DateRangeQuery>;

/** The requirements' words for a From/To pair that cannot be used, or null when it can (browser and server). */
export function dateRangeError(from: string | undefined, to: string | undefined): string | null {
  if (!from || !to || !isCalendarDate(from) || !isCalendarDate(to)) return LEDGER_MESSAGES.bothDates;
  if (from > to) return LEDGER_MESSAGES.fromAfterTo;
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Purchases
// ---------------------------------------------------------------------------------------------------

export const LoanStatusSchema = Type.Enum(LOAN_STATUSES, { title: 'Status' });

export const Loan = Type.Object({
  id: Type.Integer(),
  loan_id: Type.String(),
  /** The customer as requests and screens name them: their user id (USR1234). */
  customer_id: Type.String(),
  /** The customer's row id, beside it under its own name. */
  customer_row_id: Type.Integer(),
  customer_name: Type.String(),
  customer_username: Nullable(Type.String()),
  loan_amount: Type.Number(),
  advance_amount: Type.Number(),
  remaining_balance: Type.Number(),
  total_paid: Type.Number(),
  interest_amount: Type.Number(),
  status: LoanStatusSchema,
  referred_by: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Loan = Static<typeof Loan>;

export const LOAN_SORTS = ['customer_name', 'referred_by', 'status', 'updated_at'] as const;
export type LoanSort = (typeof LOAN_SORTS)[number];

export const LoanListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Type.Union([LoanStatusSchema, Type.Literal('all'), Type.Literal('')])),
  sort: Type.Optional(Type.Enum(LOAN_SORTS, { title: 'Sort' })),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  customer_id: Type.Optional(UserRef('Customer')),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, title: 'Page' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, title: 'Page size' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, title: 'Limit' })),
});
export type LoanListQuery = Static<typeof LoanListQuery>;

export const LoanPage = Page(Loan);
export type LoanPage = Static<typeof LoanPage>;

/**
 * The purchase form's body (POST /api/loans): the documented client also sends the generated
 * loan_id, the customer's name, the balance it worked out, the status and the interest: the server makes
 * all of those itself, so they are accepted and ignored.
 */
export const LoanWrite = Type.Object({
  customer_id: UserRef('Customer'),
  loan_amount: Money('Purchase amount'),
  advance_amount: Money('Advance amount'),
  referred_by: Type.Optional(Nullable(FreeText(100, 'Referred by'))),
  status: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
  ...echoedFields(
    'id',
    'loan_id',
    'customer_name',
    'customer_row_id',
    'remaining_balance',
    'interest_amount',
    'total_paid',
    'created_at',
    'updated_at',
  ),
  ...IDENTITY_FIELDS,
});
export type LoanWrite = Static<typeof LoanWrite>;

export const LoanParams = Type.Object({ loanId: Type.String({ minLength: 1, maxLength: 20 }) });

// ---------------------------------------------------------------------------------------------------
// Transactions (instalments)
// ---------------------------------------------------------------------------------------------------

export const Transaction = Type.Object({
  id: Type.Integer(),
  transaction_id: Type.String(),
  loan_id: Type.String(),
  /** The purchase's customer by user id (USR1234), as on the purchase. */
  customer_id: Type.String(),
  customer_row_id: Type.Integer(),
  customer: Type.Object({ username: Nullable(Type.String()), name: Nullable(Type.String()) }),
  amount: Type.Number(),
  transaction_type: Type.String(),
  status: Type.String(),
  comments: Nullable(Type.String()),
  receipt_url: Nullable(Type.String()),
  date: Nullable(Type.String()),
  created_at: Type.String(),
});
export type Transaction = Static<typeof Transaction>;

export const TransactionPage = Page(Transaction);
export type TransactionPage = Static<typeof TransactionPage>;

/** An instalment and the purchase as it stands after it. */
export const TransactionAnswer = Type.Object({ transaction: Transaction, loan: Loan });
export type TransactionAnswer = Static<typeof TransactionAnswer>;

/** The add-transaction form's text fields (multipart); the receipt is the `receipt` file. */
export const TransactionFields = Type.Object({
  loan_id: Type.String({
    minLength: 1,
    maxLength: 20,
    title: 'Purchase',
    errorMessage: LEDGER_MESSAGES.purchaseRequired,
  }),
  /** Sent by the form; the purchase names its customer, so this is not read. */
  customer_id: Type.Optional(UserRef('Customer')),
  amount: Type.String({
    minLength: 1,
    maxLength: 20,
    title: 'Amount',
    errorMessage: LEDGER_MESSAGES.amountRequired,
  }),
  transaction_type: Type.Optional(
    Type.String({ pattern: '^(credit|CREDIT|Credit)?$', errorMessage: 'Transaction type must be credit' }),
  ),
  date: DateOnly('Date', LEDGER_MESSAGES.dateRequired),
  comments: Type.Optional(FreeText(1000, 'Comments')),
  ...IDENTITY_FIELDS,
});
export type TransactionFields = Static<typeof TransactionFields>;

export const TransactionListQuery = Type.Object({
  fromDate: Type.Optional(Type.String({ maxLength: 10 })),
  toDate: Type.Optional(Type.String({ maxLength: 10 })),
  sort: Type.Optional(Type.Enum(TRANSACTION_SORTS, { title: 'Sort' })),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, title: 'Page' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, title: 'Page size' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, title: 'Limit' })),
});
export type TransactionListQuery = Static<typeof TransactionListQuery>;

// ---------------------------------------------------------------------------------------------------
// Expenses
// ---------------------------------------------------------------------------------------------------

export const Expense = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  expenseName: Type.String(),
  amount: Type.Number(),
  expenseType: Type.String(),
  expenseTypeLabel: Type.String(),
  expenseDate: Nullable(Type.String()),
  comments: Nullable(Type.String()),
  expenseImage: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Expense = Static<typeof Expense>;

/** The expense form's text fields (multipart); the receipt is the `expenseImage` file. */
export const ExpenseFields = Type.Object({
  expenseName: Type.String({
    minLength: 1,
    maxLength: 200,
    pattern: VISIBLE_TEXT_PATTERN,
    format: 'single-line',
    title: 'Expense name',
    errorMessage: LEDGER_MESSAGES.expenseNameRequired,
  }),
  amount: Type.String({
    minLength: 1,
    maxLength: 20,
    title: 'Amount',
    errorMessage: LEDGER_MESSAGES.amountRequired,
  }),
  expenseType: Type.String({ minLength: 1, maxLength: 40, errorMessage: LEDGER_MESSAGES.expenseTypeInvalid }),
  expenseDate: Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}',
    title: 'Expense date',
    errorMessage: LEDGER_MESSAGES.expenseDateRequired,
  }),
  comments: Type.Optional(FreeText(1000, 'Comments')),
  ...echoedFields('uuid', 'id', 'createdAt', 'updatedAt', 'expenseImage'),
  ...IDENTITY_FIELDS,
});
export type ExpenseFields = Static<typeof ExpenseFields>;

export const ExpenseTotal = Type.Object({ type: Type.String(), label: Type.String(), amount: Type.Number() });
export type ExpenseTotal = Static<typeof ExpenseTotal>;

export const ExpenseListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  type: Type.Optional(Type.String({ maxLength: 40 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, title: 'Page' })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, title: 'Page size' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, title: 'Limit' })),
});
export type ExpenseListQuery = Static<typeof ExpenseListQuery>;

/** A page of expenses, with the totals per type (over every expense) that the two charts draw. */
export const ExpensePage = Type.Object({
  items: Type.Array(Expense),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  totals: Type.Array(ExpenseTotal),
  totalAmount: Type.Number(),
});
export type ExpensePage = Static<typeof ExpensePage>;

// ---------------------------------------------------------------------------------------------------
// The admin dashboard (definitions in the README)
// ---------------------------------------------------------------------------------------------------

export const MonthFigures = Type.Object({
  month: Type.String(),
  income: Type.Number(),
  expenses: Type.Number(),
});
export type MonthFigures = Static<typeof MonthFigures>;

export const AdminDashboard = Type.Object({
  activeLoans: Type.Integer(),
  totalCustomers: Type.Integer(),
  totalAdmins: Type.Integer(),
  totalAvailableFunds: Type.Number(),
  totalExpenses: Type.Number(),
  monthlyExpenses: Type.Number(),
  monthlyIncome: Type.Number(),
  months: Type.Array(MonthFigures),
  expensesByType: Type.Array(ExpenseTotal),
});
export type AdminDashboard = Static<typeof AdminDashboard>;

/**
 * `ledger.changed`: a purchase, an instalment or an expense was written (readers fetch again). `id` is
 * the written row's; a purchase's change and an instalment also name the purchase by its LN id
 * (`loan_id`), so that a screen showing one purchase fetches again only when it is that one.
 */
export const LedgerChangedEvent = Type.Object({
  kind: Type.Union([Type.Literal('loan'), Type.Literal('transaction'), Type.Literal('expense')]),
  id: Type.Integer(),
  loan_id: Type.Optional(Type.String()),
  deleted: Type.Optional(Type.Literal(true)),
});
export type LedgerChangedEvent = Static<typeof LedgerChangedEvent>;

// ---------------------------------------------------------------------------------------------------
// Sample HR screens (attendance, salary, deductions, salary slips): fixed sample data only.
// ---------------------------------------------------------------------------------------------------

/** Year choices of the report and attendance forms. */
export const REPORT_YEARS = [2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027] as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export const SAMPLE_DATA_NOTE =
  'Sample data: these screens show fixed example figures. Nothing here is saved or printed yet.';
