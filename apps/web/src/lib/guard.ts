import { redirect } from '@tanstack/react-router';
import type { Role } from '@portal/contracts';
import { getStoredUser, guardRedirect } from './session.ts';

/** beforeLoad for a protected area: admits only the listed roles (spec 1 §6). */
export const requireRole =
  (...allowed: Role[]) =>
  () => {
    const target = guardRedirect(getStoredUser(), allowed);
    if (target) throw redirect({ to: target, replace: true });
  };
