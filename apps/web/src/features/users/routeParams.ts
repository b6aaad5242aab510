import { idParams } from '../../lib/idParams.ts';
import { USER_STATUSES, type UserStatus } from '@portal/contracts';

/** Search params of the Employee Details list: `?search=&status=&page=`; a bad value falls back to its default. */
export interface UserListSearch {
  search?: string;
  status?: UserStatus;
  page?: number;
}

export function validateUserListSearch(raw: Record<string, unknown>): UserListSearch {
  const page = Number(raw.page);
  return {
    search: typeof raw.search === 'string' && raw.search ? raw.search : undefined,
    status: (USER_STATUSES as readonly unknown[]).includes(raw.status)
      ? (raw.status as UserStatus)
      : undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

/** Params of `/view/$userId` and `/edit/$userId`. */
export const userIdParams = idParams('userId');
