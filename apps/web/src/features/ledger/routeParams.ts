import {
  TRANSACTION_SORTS,
  expenseTypeOf,
  isCalendarDate,
  type ExpenseType,
  type LoanSort,
  type TransactionSort,
} from '@portal/contracts';
import { listSearch } from '../../lib/listSearch.ts';
import type { ExpenseListParams, LoanListParams, ReportParams } from './api.ts';

/**
 * The purchase list's URL params. Kept apart from the screen: the route's validateSearch is in every page's
 * first download (the route tree), and the screen's code must stay in its own chunk.
 */

/** Sort choices: the column and its natural direction (newest change first by default). */
export const LOAN_SORTS = [
  { value: 'updated_at:desc', label: 'Last updated (newest)' },
  { value: 'updated_at:asc', label: 'Last updated (oldest)' },
  { value: 'customer_name:asc', label: 'Customer name (A–Z)' },
  { value: 'customer_name:desc', label: 'Customer name (Z–A)' },
  { value: 'referred_by:asc', label: 'Referred by (A–Z)' },
  { value: 'status:asc', label: 'Status (active first)' },
  { value: 'status:desc', label: 'Status (closed first)' },
] as const;

/** Search params of the purchase list; a bad value falls back to its default. */
export function validateLoanListSearch(raw: Record<string, unknown>): Partial<LoanListParams> {
  const page = Number(raw.page);
  const sort = LOAN_SORTS.find((s) => s.value === `${String(raw.sort)}:${String(raw.order)}`);
  return {
    search: typeof raw.search === 'string' && raw.search ? raw.search : undefined,
    status: raw.status === 'active' || raw.status === 'closed' ? raw.status : undefined,
    ...(sort ? { sort: raw.sort as LoanSort, order: raw.order as 'asc' | 'desc' } : {}),
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

/** Search params of the expense list: `?search=&type=&page=`; a bad value falls back to its default. */
export interface ExpenseListSearch {
  search?: string;
  type?: ExpenseType;
  page?: number;
}

/** validateSearch for the expense list: the list query's search and page, and a known expense type. */
export function validateExpenseListSearch(raw: Record<string, unknown>): ExpenseListSearch {
  const type = typeof raw.type === 'string' ? expenseTypeOf(raw.type) : null;
  return { ...listSearch(raw), type: type ?? undefined };
}

/** The expense list's params from its URL, absent values at their defaults. */
export const expenseListParams = (s: ExpenseListSearch): ExpenseListParams => ({
  search: s.search ?? '',
  type: s.type ?? '',
  page: s.page ?? 1,
});

/** The purchase list's params from its URL, absent values at their defaults. */
export const loanListParams = (s: Partial<LoanListParams>): LoanListParams => ({
  search: s.search ?? '',
  status: s.status ?? '',
  sort: s.sort ?? 'updated_at',
  order: s.order ?? 'desc',
  page: s.page ?? 1,
});

/** Search params of a purchase's transaction history: `?page=`. */
export interface HistorySearch {
  page?: number;
}

/** validateSearch for a purchase's page: the history's page, in the list query's bounds. */
export const validateHistorySearch = (raw: Record<string, unknown>): HistorySearch => ({
  page: listSearch(raw).page,
});

/** The history's page from the URL, page 1 when absent. */
export const historyPage = (s: HistorySearch): number => s.page ?? 1;

/** Search params of the Transaction Report: `?fromDate=&toDate=&sort=&order=&page=`. */
export interface ReportSearch {
  fromDate?: string;
  toDate?: string;
  sort?: TransactionSort;
  order?: 'asc' | 'desc';
  page?: number;
}

const calendarDate = (value: unknown) =>
  typeof value === 'string' && isCalendarDate(value) ? value : undefined;

/**
 * validateSearch for the Transaction Report. A range the form would refuse (a date missing or not a day,
 * From after To) is no range at all, so the screen asks for one; defaults (newest first, page 1) are left out.
 */
export function validateReportSearch(raw: Record<string, unknown>): ReportSearch {
  const fromDate = calendarDate(raw.fromDate);
  const toDate = calendarDate(raw.toDate);
  const sort = TRANSACTION_SORTS.find((s) => s === raw.sort);
  const range = fromDate && toDate && fromDate <= toDate;
  // Every key is set, if only to undefined: a key left out would keep the raw value of the URL.
  return {
    fromDate: range ? fromDate : undefined,
    toDate: range ? toDate : undefined,
    sort: sort === 'created_at' ? undefined : sort,
    order: raw.order === 'asc' ? 'asc' : undefined,
    page: listSearch(raw).page,
  };
}

/** The report's params from its URL, or null until a range is chosen. */
export const reportParams = (s: ReportSearch): ReportParams | null =>
  s.fromDate && s.toDate
    ? {
        fromDate: s.fromDate,
        toDate: s.toDate,
        sort: s.sort ?? 'created_at',
        order: s.order ?? 'desc',
        page: s.page ?? 1,
      }
    : null;

/** The report's URL for its params, defaults left out (the inverse of `reportParams`). */
export const reportSearch = (p: ReportParams): ReportSearch => ({
  fromDate: p.fromDate,
  toDate: p.toDate,
  sort: p.sort === 'created_at' ? undefined : p.sort,
  order: p.order === 'asc' ? 'asc' : undefined,
  page: p.page > 1 ? p.page : undefined,
});
