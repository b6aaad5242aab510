import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../features/shell/HomeScreen.tsx';

export const Route = createFileRoute('/_public/')({ component: HomeScreen });
