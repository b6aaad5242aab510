import { createFileRoute, redirect } from '@tanstack/react-router';

/** The sidebar's Logout link: end the session, then home. */
export const Route = createFileRoute('/logout')({
  beforeLoad: async ({ context }) => {
    // Loaded on use: signOut closes the live connection, whose code (socket.io-client) must not be in the
    // route tree every public page downloads. The signed-in shell has it loaded already.
    const { signOut } = await import('../features/auth/signIn.ts');
    await signOut(context.session);
    throw redirect({ to: '/' });
  },
});
