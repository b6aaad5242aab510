import { AUTH_MESSAGES, type LoginResponse } from '@portal/contracts';
import { api, ApiError } from '../../lib/api.ts';
import { HOME_OF, normalizeRole, type Session } from '../../lib/session.ts';
import { closeLiveSocket } from '../../lib/live.ts';

/** Signs in and returns where the user lands; throws with the message to show. */
export async function signIn(session: Session, username: string, password: string): Promise<string> {
  const data = await api<Partial<LoginResponse> | null>('/api/v2/login', {
    method: 'POST',
    body: { username, password },
    fallbackMessage: AUTH_MESSAGES.loginFailed,
    skipSessionRule: true,
  });
  if (!data?.user) throw new ApiError(200, AUTH_MESSAGES.noUserData);
  if (!data.user.role) throw new ApiError(200, AUTH_MESSAGES.roleNotFound);
  const role = normalizeRole(data.user.role);
  if (!role) throw new ApiError(200, AUTH_MESSAGES.invalidRole);
  session.signIn({ ...data.user, role });
  return HOME_OF[role];
}

/** Ends the session on the server and in the browser; a failed call still signs the browser out. */
export async function signOut(session: Session) {
  await api('/api/v2/logout', { method: 'POST', skipSessionRule: true }).catch(() => undefined);
  closeLiveSocket();
  session.clear();
}
