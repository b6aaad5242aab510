import { idParams } from '../../lib/idParams.ts';
/** Search params of the skill lists: `?search=&page=`, validated so a bad URL falls back to defaults. */
export interface SkillListSearch {
  search?: string;
  page?: number;
}

export function validateSkillListSearch(raw: Record<string, unknown>): SkillListSearch {
  const page = Number(raw.page);
  return {
    search: typeof raw.search === 'string' && raw.search ? raw.search : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

/** Params of `/edit/$id`. */
export const skillIdParams = idParams('id');
