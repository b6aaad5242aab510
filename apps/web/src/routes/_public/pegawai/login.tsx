import { createFileRoute } from '@tanstack/react-router';
import { LoginScreen } from '../../../features/auth/LoginScreen.tsx';

export const Route = createFileRoute('/_public/pegawai/login')({ component: LoginScreen });
