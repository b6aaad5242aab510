import { LIST_QUERY_PARAMS, queryParam } from '@portal/contracts';

/**
 * The search and page of a list's URL (`?search=&page=`) through the list query's params, so they keep
 * the server's bounds; defaults (no search, page 1) and anything malformed are left out.
 */
export function listSearch(raw: Record<string, unknown>): { search?: string; page?: number } {
  const search = queryParam(LIST_QUERY_PARAMS.search, raw.search);
  const page = queryParam(LIST_QUERY_PARAMS.page, raw.page);
  return { search: search || undefined, page: page !== undefined && page > 1 ? page : undefined };
}
