import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import '@portal/ui/styles.css';
import './app.css';
import { routeTree } from './routeTree.gen.ts';
import { setNavigateHome } from './lib/api.ts';
import { NotFound } from './features/shell/NotFound.tsx';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 1 && (error as { status?: number }).status === 0,
      staleTime: 10_000,
    },
  },
});

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
});
setNavigateHome(() => void router.navigate({ to: '/' }));

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
// The preloader stays only while the app really loads: gone as soon as React has rendered.
requestAnimationFrame(() => document.getElementById('preloader')?.remove());
