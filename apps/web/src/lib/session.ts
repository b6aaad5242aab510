import { STORAGE_KEYS, type Role, type SessionUser } from '@portal/contracts';

/**
 * The signed-in user as the browser keeps it (localStorage key `user`, spec 1 §4). It only steers the
 * screens; the server checks the httpOnly session cookie on every call.
 */
export function getStoredUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    if (!raw) return null;
    const user = JSON.parse(raw) as SessionUser;
    return user && typeof user.role === 'string' ? user : null;
  } catch {
    return null;
  }
}

export function storeUser(user: SessionUser) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

export function clearStoredUser() {
  localStorage.removeItem(STORAGE_KEYS.user);
}

export const normalizeRole = (role: unknown): Role | null => {
  const r = typeof role === 'string' ? role.toLowerCase() : '';
  return r === 'admin' || r === 'user' ? r : null;
};

/** Where each role lands after signing in (spec 1 §6). */
export const HOME_OF: Record<Role, string> = { admin: '/admin/dashboard', user: '/pegawai/dashboard' };

/**
 * The route guard (spec 1 §6): no signed-in user goes to `/`; a user whose role is not allowed goes to
 * `/pegawai/dashboard` when their role is user, otherwise to `/`. Returns null when the user may enter.
 */
export function guardRedirect(user: Pick<SessionUser, 'role'> | null, allowed: Role[]): string | null {
  if (!user) return '/';
  const role = normalizeRole(user.role);
  if (role && allowed.includes(role)) return null;
  return role === 'user' ? HOME_OF.user : '/';
}
