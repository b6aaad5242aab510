import { createFileRoute } from '@tanstack/react-router';
import { DocumentsScreen } from '../../features/public/DocumentsScreen.tsx';

export const Route = createFileRoute('/_public/project-documents')({ component: DocumentsScreen });
