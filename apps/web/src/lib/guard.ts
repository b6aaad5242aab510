import { redirect } from '@tanstack/react-router';
import type { Role } from '@portal/contracts';
import { guardRedirect, HOME_OF, normalizeRole, type Session } from './session.ts';

/** beforeLoad for a protected area: admits only the listed roles, as the router's session says. */
export const requireRole =
  (...allowed: Role[]) =>
  ({ context }: { context: { session: Session } }) => {
    const target = guardRedirect(context.session.user(), allowed);
    if (target) throw redirect({ to: target, replace: true });
  };

/** beforeLoad for the sign-in pages: someone already signed in goes to their dashboard instead. */
export function redirectSignedIn({ context }: { context: { session: Session } }) {
  const role = normalizeRole(context.session.user()?.role);
  if (role) throw redirect({ to: HOME_OF[role], replace: true });
}
