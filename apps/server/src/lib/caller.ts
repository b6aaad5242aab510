import type { Role } from '@portal/contracts';

/** What a session's token says: the user (`sub`), the session (`sid`) and the user's role at sign-in. */
export interface SessionClaims {
  sub: number;
  sid: string;
  role: Role;
}

/** Who is asking, as every service takes it: the signed-in user, and the session making the call. */
export interface Caller {
  id: number;
  role: Role;
  /** Kept open when its own user changes their password; absent where no session acts (seeds, tests). */
  sid?: string;
}

/** The caller a verified session token names. */
export const callerOf = (claims: SessionClaims): Caller => ({
  id: claims.sub,
  role: claims.role,
  sid: claims.sid,
});
