import { expenseTypeOf, type ExpenseType, type LoanSort } from '@portal/contracts';
import { listSearch } from '../../lib/listSearch.ts';
import type { ExpenseListParams, LoanListParams } from './api.ts';

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
