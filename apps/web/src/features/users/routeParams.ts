import { notFound } from '@tanstack/react-router';
import {
  USER_FILTER_PARAMS,
  parseUserRef,
  queryParam,
  type UserRef,
  type UserStatus,
} from '@portal/contracts';
import { listSearch } from '../../lib/listSearch.ts';
import type { UserListParams } from './api.ts';

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

/** The list's params from its URL, absent values at their defaults. */
export const userListParams = (s: UserListSearch): UserListParams => ({
  search: s.search ?? '',
  status: s.status,
  page: s.page ?? 1,
});

/**
 * Params of `/view/$userId` and `/edit/$userId`: the user id as the requirements write it (`USR1234`), or the
 * row id older links carry (`/view/42`); anything else is the not-found page.
 */
export const userIdParams = {
  parse: (raw: { userId: string }): { userId: UserRef } => {
    const userId = parseUserRef(raw.userId);
    if (userId === null) throw notFound();
    return { userId };
  },
  stringify: ({ userId }: { userId: UserRef }) => ({ userId: String(userId) }),
};
