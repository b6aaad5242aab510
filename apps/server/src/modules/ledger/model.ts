import {
  DEFAULT_TRANSACTION_STATUS,
  INTEREST_PERCENT,
  expenseTypeLabel,
  fromPaise,
  type Expense,
  type Loan,
  type LoanStatus,
  type Transaction,
} from '@portal/contracts';
import {
  day,
  int,
  isoTime,
  total,
  type DbDay,
  type DbDecimal,
  type DbInt,
  type DbTime,
} from '../../lib/rows.ts';

const textOrNull = (value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? null : value;

/**
 * Paise of a DECIMAL(15,2) column as the driver hands it over: MySQL (decimalNumbers) a number, SQLite
 * a number or text. Every stored amount has at most two decimals, so rounding recovers it exactly.
 */
export function paiseOf(value: DbDecimal | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  return Math.round(Number(value) * 100);
}

/** A total in paise as `sumPaise` selects it (text on MySQL, a number on SQLite). */
export const paiseTotal = (value: DbInt | null | undefined): number => Math.round(total(value));

/** A row of `loans` (purchases): amounts in rupees with paise. */
export interface LoanRow {
  id: DbInt;
  loan_id: string;
  customer_id: DbInt;
  loan_amount: DbDecimal;
  advance_amount: DbDecimal;
  paid_amount: DbDecimal;
  remaining_balance: DbDecimal;
  status: LoanStatus;
  referred_by: string | null;
  created_by_id: DbInt | null;
  created_at: DbTime;
  updated_at: DbTime;
}

/** The customer's user id, name and username, joined beside a purchase or an instalment. */
export interface CustomerColumns {
  customer_user_id: string | null;
  customer_name: string | null;
  customer_username: string | null;
}

/** A purchase with its customer, as the purchase queries select it. */
export interface LoanListRow extends LoanRow, CustomerColumns {}

/** The columns of the customer the purchase queries join (`users as u`). */
export const LOAN_CUSTOMER_COLUMNS = [
  'u.user_id as customer_user_id',
  'u.name as customer_name',
  'u.username as customer_username',
];

/** A row of `loan_transactions` (instalments). */
export interface TransactionRow {
  id: DbInt;
  transaction_id: string;
  loan_id: DbInt;
  customer_id: DbInt;
  amount: DbDecimal;
  transaction_type: string;
  status: string | null;
  comments: string | null;
  receipt_url: string | null;
  transaction_date: DbDay | null;
  created_by_id: DbInt | null;
  created_at: DbTime;
}

/** An instalment with its purchase's LN id (`loan_ref`) and its customer, as the instalment queries select it. */
export interface TransactionListRow extends TransactionRow, CustomerColumns {
  loan_ref: string | null;
}

/** The columns of the purchase (`loans as l`) and customer (`users as u`) the instalment queries join. */
export const TRANSACTION_JOINED_COLUMNS = [
  'l.loan_id as loan_ref',
  'u.user_id as customer_user_id',
  'u.username as customer_username',
  'u.name as customer_name',
];

/** A row of `expenses`. */
export interface ExpenseRow {
  id: DbInt;
  uuid: string;
  expense_name: string;
  amount: DbDecimal;
  expense_type: string;
  expense_date: DbDay;
  comments: string | null;
  expense_image: string | null;
  created_by_id: DbInt | null;
  created_at: DbTime;
  updated_at: DbTime;
}

/** A row of a query selecting one total in paise (`sumPaise`). */
export interface PaiseRow {
  paise: DbInt | null;
}

/** A row of the expenses' totals by type. */
export interface ExpenseTypeTotalRow extends PaiseRow {
  expense_type: string;
}

/** An amount and when it came in: an advance (its purchase's creation) or an instalment, for the chart. */
export interface IncomeRow {
  created_at: DbTime;
  amount: DbDecimal;
}

/** An expense's day and amount, for the chart. */
export type ExpenseDayRow = Pick<ExpenseRow, 'expense_date' | 'amount'>;

/**
 * The customer a record names, as a request names them and the screens show them: `customer_id` is the
 * user id (USR1234), and the row id the tables join on stands beside it as `customer_row_id`. Rows come
 * with the user id joined as `customer_user_id`.
 */
const customerOf = (row: CustomerColumns & { customer_id: DbInt }) => ({
  customer_id: row.customer_user_id ?? '',
  customer_row_id: int(row.customer_id),
});

/** A purchase with its customer, as the API shows it. */
export function toLoan(row: LoanListRow): Loan {
  const amount = paiseOf(row.loan_amount);
  const remaining = paiseOf(row.remaining_balance);
  return {
    id: int(row.id),
    loan_id: row.loan_id,
    ...customerOf(row),
    customer_name: row.customer_name ?? '',
    customer_username: textOrNull(row.customer_username),
    loan_amount: fromPaise(amount),
    advance_amount: fromPaise(paiseOf(row.advance_amount)),
    remaining_balance: fromPaise(remaining),
    // Total paid = loan_amount − remaining_balance (the advance and every instalment).
    total_paid: fromPaise(amount - remaining),
    interest_amount: fromPaise(Math.round((amount * INTEREST_PERCENT) / 100)),
    status: row.status,
    referred_by: textOrNull(row.referred_by),
    created_at: isoTime(row.created_at),
    updated_at: isoTime(row.updated_at),
  };
}

/** An instalment with its purchase's LN id and its customer, as the API shows it. */
export function toTransaction(row: TransactionListRow): Transaction {
  return {
    id: int(row.id),
    transaction_id: row.transaction_id,
    loan_id: row.loan_ref ?? '',
    ...customerOf(row),
    customer: { username: textOrNull(row.customer_username), name: textOrNull(row.customer_name) },
    amount: fromPaise(paiseOf(row.amount)),
    transaction_type: row.transaction_type,
    status: textOrNull(row.status) ?? DEFAULT_TRANSACTION_STATUS,
    comments: textOrNull(row.comments),
    receipt_url: textOrNull(row.receipt_url),
    date: day(row.transaction_date),
    created_at: isoTime(row.created_at),
  };
}

/** An expense, in the requirements' camelCase shape. */
export function toExpense(row: ExpenseRow): Expense {
  return {
    id: int(row.id),
    uuid: row.uuid,
    expenseName: row.expense_name,
    amount: fromPaise(paiseOf(row.amount)),
    expenseType: row.expense_type,
    expenseTypeLabel: expenseTypeLabel(row.expense_type),
    expenseDate: day(row.expense_date),
    comments: textOrNull(row.comments),
    expenseImage: textOrNull(row.expense_image),
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
  };
}
