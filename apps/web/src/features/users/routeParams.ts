import { USER_FILTER_PARAMS, queryParam, type UserStatus } from '@portal/contracts';
import { idParams } from '../../lib/idParams.ts';
import { listSearch } from '../../lib/listSearch.ts';

/** Search params of the Employee Details list: `?search=&status=&page=`; a bad value falls back to its default. */
export interface UserListSearch {
  search?: string;
  status?: UserStatus;
  page?: number;
}

/** validateSearch for the list: the list query's search, page and status, as the server bounds them. */
export function validateUserListSearch(raw: Record<string, unknown>): UserListSearch {
  return { ...listSearch(raw), status: queryParam(USER_FILTER_PARAMS.status, raw.status) };
}

/** Params of `/view/$userId` and `/edit/$userId`. */
export const userIdParams = idParams('userId');
