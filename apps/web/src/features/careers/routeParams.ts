/** `?search=` of the careers list: kept in the URL so a search can be shared and reloaded. */
export interface CareersSearch {
  search?: string;
}

export function validateCareersSearch(raw: Record<string, unknown>): CareersSearch {
  return { search: typeof raw.search === 'string' && raw.search ? raw.search.slice(0, 200) : undefined };
}

/** A job id in a careers URL, or null for anything that cannot be one (the page then says "Job not found"). */
export function jobIdOf(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}
