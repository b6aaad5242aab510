import { useMemo } from 'react';
import { createStore, useAtomValue, useStore } from 'jotai';
import { STORAGE_KEYS, type Role, type SessionUser } from '@portal/contracts';
import { atomInStorage } from './storedAtom.ts';

/** The jotai store of one app (the browser's, or one a test renders): the client state lives in it. */
export type AppStore = ReturnType<typeof createStore>;

const isSessionUser = (value: unknown): value is SessionUser =>
  typeof value === 'object' && value !== null && typeof (value as SessionUser).role === 'string';

/** What is stored under `user`; what is not a user (unreadable, no role) reads as nobody. */
function parseUser(text: string | null): SessionUser | null {
  try {
    const value: unknown = text ? JSON.parse(text) : null;
    return isSessionUser(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in user as the browser keeps it (localStorage key `user`). It only steers the
 * screens; the server checks the httpOnly session cookie on every call.
 */
export const sessionUserAtom = atomInStorage<SessionUser | null>(STORAGE_KEYS.user, {
  parse: parseUser,
  format: (user) => (user ? JSON.stringify(user) : null),
});

/** The signed-in user of one app, for the router's guards and for signing in and out. */
export interface Session {
  /** Who is signed in now (null: nobody). */
  user(): SessionUser | null;
  signIn(user: SessionUser): void;
  /** Forgets the user (signed out, or the session expired). */
  clear(): void;
}

export const sessionOf = (store: AppStore): Session => ({
  user: () => store.get(sessionUserAtom),
  signIn: (user) => store.set(sessionUserAtom, user),
  clear: () => store.set(sessionUserAtom, null),
});

/** The signed-in user; the screen renders again when it changes. */
export const useSessionUser = () => useAtomValue(sessionUserAtom);

/** The session of the app this component is in. */
export function useSession(): Session {
  const store = useStore();
  return useMemo(() => sessionOf(store), [store]);
}

export const normalizeRole = (role: unknown): Role | null => {
  const r = typeof role === 'string' ? role.toLowerCase() : '';
  return r === 'admin' || r === 'user' ? r : null;
};

/** Where each role lands after signing in. */
export const HOME_OF: Record<Role, string> = { admin: '/admin/dashboard', user: '/pegawai/dashboard' };

/**
 * The route guard: no signed-in user goes to `/`; a user whose role is not allowed goes to
 * `/pegawai/dashboard` when their role is user, otherwise to `/`. Returns null when the user may enter.
 */
export function guardRedirect(user: Pick<SessionUser, 'role'> | null, allowed: Role[]): string | null {
  if (!user) return '/';
  const role = normalizeRole(user.role);
  if (role && allowed.includes(role)) return null;
  return role === 'user' ? HOME_OF.user : '/';
}
