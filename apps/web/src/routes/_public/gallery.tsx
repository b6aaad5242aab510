import { createFileRoute } from '@tanstack/react-router';
import { GalleryScreen } from '../../features/public/GalleryScreen.tsx';

export const Route = createFileRoute('/_public/gallery')({ component: GalleryScreen });
