import { Model } from 'objection';
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
import { toDateOnly, toIsoString } from '../../lib/dates.ts';

type Row = Record<string, unknown>;

const textOrNull = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : String(value);

/**
 * Paise of a DECIMAL(15,2) column as the driver hands it over: MySQL (decimalNumbers) a number, SQLite
 * a number or text. Every stored amount has at most two decimals, so rounding recovers it exactly.
 */
export function paiseOf(value: unknown): number {
  if (value === null || value === undefined || value === '') return 0;
  return Math.round(Number(value) * 100);
}

/**
 * The customer a record names, as a request names them and the screens show them: `customer_id` is the
 * user id (USR1234), and the row id the tables join on stands beside it as `customer_row_id`. Rows come
 * with the user id joined as `customer_user_id`.
 */
const customerOf = (row: Row) => ({
  customer_id: String(row.customer_user_id ?? ''),
  customer_row_id: Number(row.customer_id),
});

/** The purchases table ("loans"). Rows come with the customer's name and username joined. */
export class LoanModel extends Model {
  static override tableName = 'loans';

  static readonly joinedColumns = [
    'u.user_id as customer_user_id',
    'u.name as customer_name',
    'u.username as customer_username',
  ];

  static toRecord(row: Row): Loan {
    const amount = paiseOf(row.loan_amount);
    const remaining = paiseOf(row.remaining_balance);
    return {
      id: Number(row.id),
      loan_id: String(row.loan_id),
      ...customerOf(row),
      customer_name: String(row.customer_name ?? ''),
      customer_username: textOrNull(row.customer_username),
      loan_amount: fromPaise(amount),
      advance_amount: fromPaise(paiseOf(row.advance_amount)),
      remaining_balance: fromPaise(remaining),
      // Total paid = loan_amount − remaining_balance (the advance and every instalment).
      total_paid: fromPaise(amount - remaining),
      interest_amount: fromPaise(Math.round((amount * INTEREST_PERCENT) / 100)),
      status: String(row.status) as LoanStatus,
      referred_by: textOrNull(row.referred_by),
      created_at: toIsoString(row.created_at),
      updated_at: toIsoString(row.updated_at),
    };
  }
}

/** Instalments. Rows come with the purchase's LN id and the customer's username and name joined. */
export class TransactionModel extends Model {
  static override tableName = 'loan_transactions';

  static readonly joinedColumns = [
    'l.loan_id as loan_ref',
    'u.user_id as customer_user_id',
    'u.username as customer_username',
    'u.name as customer_name',
  ];

  static toRecord(row: Row): Transaction {
    return {
      id: Number(row.id),
      transaction_id: String(row.transaction_id),
      loan_id: String(row.loan_ref ?? ''),
      ...customerOf(row),
      customer: { username: textOrNull(row.customer_username), name: textOrNull(row.customer_name) },
      amount: fromPaise(paiseOf(row.amount)),
      transaction_type: String(row.transaction_type),
      status: textOrNull(row.status) ?? DEFAULT_TRANSACTION_STATUS,
      comments: textOrNull(row.comments),
      receipt_url: textOrNull(row.receipt_url),
      date: toDateOnly(row.transaction_date),
      created_at: toIsoString(row.created_at),
    };
  }
}

/** Expenses, in the requirements' camelCase shape. */
export class ExpenseModel extends Model {
  static override tableName = 'expenses';

  static toRecord(row: Row): Expense {
    const type = String(row.expense_type);
    return {
      id: Number(row.id),
      uuid: String(row.uuid),
      expenseName: String(row.expense_name),
      amount: fromPaise(paiseOf(row.amount)),
      expenseType: type,
      expenseTypeLabel: expenseTypeLabel(type),
      expenseDate: toDateOnly(row.expense_date),
      comments: textOrNull(row.comments),
      expenseImage: textOrNull(row.expense_image),
      createdAt: toIsoString(row.created_at),
      updatedAt: toIsoString(row.updated_at),
    };
  }
}
