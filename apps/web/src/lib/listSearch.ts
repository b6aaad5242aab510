import { ListQuery, queryParam } from '@portal/contracts';

/**
 * The search and page of a list's URL (`?search=&page=`) through the list query's schema, so they keep
 * the server's bounds; defaults (no search, page 1) and anything malformed are left out.
 */
export function listSearch(raw: Record<string, unknown>): { search?: string; page?: number } {
  const search = queryParam(ListQuery.properties.search, raw.search);
  const page = queryParam(ListQuery.properties.page, raw.page);
  return { search: search || undefined, page: page !== undefined && page > 1 ? page : undefined };
}
