import { createFileRoute } from '@tanstack/react-router';
import { ContactScreen } from '../../features/public/ContactScreen.tsx';

export const Route = createFileRoute('/_public/contact')({ component: ContactScreen });
