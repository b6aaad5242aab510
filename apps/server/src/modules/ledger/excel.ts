import { PURCHASES_EXPORT, TRANSACTIONS_EXPORT, type Loan, type Transaction } from '@portal/contracts';
import { writeXlsx } from '../../lib/xlsx-writer.ts';

/** India keeps one offset all year (+05:30): a timestamp's calendar day there, as From/To read it. */
const IST_OFFSET_MS = 330 * 60_000;
const day = (iso: string) => new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The purchase export: Customer Name … Date, one row per purchase. */
export const purchasesWorkbook = (loans: Loan[]) =>
  writeXlsx({
    sheetName: PURCHASES_EXPORT.sheetName,
    header: PURCHASES_EXPORT.columns,
    rows: loans.map((l) => [
      l.customer_name,
      l.loan_amount,
      l.advance_amount,
      l.remaining_balance,
      l.total_paid,
      l.referred_by ?? 'N/A',
      l.status,
      day(l.created_at),
    ]),
    moneyColumns: [1, 2, 3, 4],
  });

/** The Transaction Report's file: the report's columns, missing status shown as Completed. */
export const transactionsWorkbook = (transactions: Transaction[]) =>
  writeXlsx({
    sheetName: TRANSACTIONS_EXPORT.sheetName,
    header: TRANSACTIONS_EXPORT.columns,
    rows: transactions.map((t) => [
      t.transaction_id,
      t.loan_id,
      t.customer.username ?? '',
      t.amount,
      t.transaction_type,
      t.status,
      t.comments ?? '',
      day(t.created_at),
    ]),
    moneyColumns: [3],
  });
