import { createFileRoute } from '@tanstack/react-router';
import { redirectSignedIn } from '../../../lib/guard.ts';
import { LoginScreen } from '../../../features/auth/LoginScreen.tsx';

export const Route = createFileRoute('/_public/admin/login')({
  beforeLoad: redirectSignedIn,
  staticData: { title: 'Sign in' },
  component: LoginScreen,
});
