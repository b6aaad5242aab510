import {
  PASSWORD_MESSAGES,
  UPLOAD_MESSAGES,
  USER_MESSAGES,
  type NextUserIdResponse,
  type OkBody,
  type PasswordChange,
  type UploadResponse,
  type User,
  type UserCreate,
  type UserPage,
  type UserRef,
  type UserStatus,
  type UserUpdate,
} from '@portal/contracts';
import { api, queryString } from '../../lib/api.ts';
import type { PageQuery } from '../../lib/preload.ts';

export const userKeys = {
  all: ['users'] as const,
  list: (search: string, status: UserStatus | undefined, page: number) =>
    ['users', 'list', search, status ?? 'all', page] as const,
  one: (ref: UserRef) => ['users', 'one', ref] as const,
  nextId: ['users', 'next-id'] as const,
};

export const fetchUsers = ({ search, status, page }: UserListParams, signal?: AbortSignal) =>
  api<UserPage>(`/api/users${queryString({ search: search.trim(), status, page })}`, {
    fallbackMessage: USER_MESSAGES.fetchFailed,
    signal,
  });

export interface UserListParams {
  search: string;
  status: UserStatus | undefined;
  page: number;
}

/** A page of Employee Details: the route's loader and the screen read the same query. */
export const userListQuery = (p: UserListParams): PageQuery<UserPage> => ({
  queryKey: userKeys.list(p.search, p.status, p.page),
  queryFn: ({ signal }) => fetchUsers(p, signal),
});

/** One user, for the view and edit screens and their loaders. */
export const userQuery = (ref: UserRef) => ({ queryKey: userKeys.one(ref), queryFn: () => fetchUser(ref) });

/** One user by row id or by user id (`USR1234`). */
export const fetchUser = (ref: UserRef) =>
  api<User>(`/api/users/${encodeURIComponent(ref)}`, { fallbackMessage: USER_MESSAGES.fetchDetailsFailed });

export const fetchNextUserId = () => api<NextUserIdResponse>('/api/users/next-id');

export const createUser = (body: UserCreate) =>
  api<User>('/api/users', { method: 'POST', body, fallbackMessage: USER_MESSAGES.createFailed });

export const updateUser = (id: number, body: UserUpdate) =>
  api<User>(`/api/users/${id}`, { method: 'PUT', body, fallbackMessage: USER_MESSAGES.updateFailed });

export const deleteUser = (id: number) =>
  api<OkBody>(`/api/users/${id}`, { method: 'DELETE', fallbackMessage: USER_MESSAGES.deleteFailed });

export const removeUserPhoto = (id: number) =>
  api<User>(`/api/users/${id}/photo`, { method: 'DELETE', fallbackMessage: USER_MESSAGES.updateFailed });

export const changePassword = (userId: number, body: PasswordChange) =>
  api<OkBody>(`/api/users/${userId}/password`, {
    method: 'PUT',
    body,
    fallbackMessage: PASSWORD_MESSAGES.updateFailed,
  });

/** Uploads a photo; its address goes into the user's `url` (photo first, then the user). */
export async function uploadPhoto(file: File): Promise<string> {
  const form = new FormData();
  form.append('photo', file);
  const res = await api<UploadResponse & { data?: { url?: string } }>('/api/upload/photo', {
    method: 'POST',
    body: form,
    fallbackMessage: UPLOAD_MESSAGES.photoFailed,
  });
  return res.data?.url ?? res.url;
}
