/** `?search=` of the careers list: kept in the URL so a search can be shared and reloaded. */
export interface CareersSearch {
  search?: string;
}

export function validateCareersSearch(raw: Record<string, unknown>): CareersSearch {
  return { search: typeof raw.search === 'string' && raw.search ? raw.search.slice(0, 200) : undefined };
}
