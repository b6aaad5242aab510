import { createFileRoute, redirect } from '@tanstack/react-router';
import { signOut } from '../features/auth/signIn.ts';

/** The sidebar's Logout link: end the session, then home. */
export const Route = createFileRoute('/logout')({
  beforeLoad: async ({ context }) => {
    await signOut(context.session);
    throw redirect({ to: '/' });
  },
});
