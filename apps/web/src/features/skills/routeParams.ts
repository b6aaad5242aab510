import { idParams } from '../../lib/idParams.ts';
import { listSearch } from '../../lib/listSearch.ts';
/** Search params of the skill lists: `?search=&page=`, validated so a bad URL falls back to defaults. */
export interface SkillListSearch {
  search?: string;
  page?: number;
}

/** validateSearch for the skill lists: the list query's search and page, as the server bounds them. */
export function validateSkillListSearch(raw: Record<string, unknown>): SkillListSearch {
  return listSearch(raw);
}

/** Params of `/edit/$id`. */
export const skillIdParams = idParams('id');

/** The skill list's params from its URL, absent values at their defaults. */
export const skillListParams = (s: SkillListSearch) => ({ search: s.search ?? '', page: s.page ?? 1 });
