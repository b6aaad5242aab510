import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import '@portal/ui/styles.css';
import './app.css';
import { AppRoot, createApp } from './createApp.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 1 && (error as { status?: number }).status === 0,
      staleTime: 10_000,
    },
  },
});

const app = createApp({ queryClient, inBrowser: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRoot app={app} />
  </StrictMode>,
);
// The preloader stays only while the app really loads: gone as soon as React has rendered.
requestAnimationFrame(() => document.getElementById('preloader')?.remove());
