import * as XLSX from 'xlsx';
import {
  APP_TIME_ZONE,
  PURCHASES_EXPORT,
  todayIn,
  TRANSACTIONS_EXPORT,
  type Loan,
  type Transaction,
} from '@portal/contracts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Money cells keep their exact value and show two decimals. */
const MONEY_FORMAT = '#,##0.00';

/** The created date as the spreadsheet shows it: the firm's calendar day, 'YYYY-MM-DD' (as From/To read it). */
const day = (iso: string) => todayIn(APP_TIME_ZONE, new Date(iso));

function workbook(sheetName: string, header: readonly string[], rows: unknown[][], moneyColumns: number[]) {
  const sheet = XLSX.utils.aoa_to_sheet([header as string[], ...rows]);
  for (let r = 1; r <= rows.length; r++) {
    for (const c of moneyColumns) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
      if (cell) cell.z = MONEY_FORMAT;
    }
  }
  sheet['!cols'] = header.map((h) => ({ wch: Math.max(12, h.length + 2) }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/** The purchase export (spec 1 §9): Customer Name … Date, one row per purchase. */
export function purchasesWorkbook(loans: Loan[]) {
  return workbook(
    PURCHASES_EXPORT.sheetName,
    PURCHASES_EXPORT.columns,
    loans.map((l) => [
      l.customer_name,
      l.loan_amount,
      l.advance_amount,
      l.remaining_balance,
      l.total_paid,
      l.referred_by ?? 'N/A',
      l.status,
      day(l.created_at),
    ]),
    [1, 2, 3, 4],
  );
}

/** The Transaction Report's file: the report's columns, missing status shown as Completed. */
export function transactionsWorkbook(transactions: Transaction[]) {
  return workbook(
    TRANSACTIONS_EXPORT.sheetName,
    TRANSACTIONS_EXPORT.columns,
    transactions.map((t) => [
      t.transaction_id,
      t.loan_id,
      t.customer.username ?? '',
      t.amount,
      t.transaction_type,
      t.status,
      t.comments ?? '',
      day(t.created_at),
    ]),
    [3],
  );
}

export { XLSX_TYPE };
