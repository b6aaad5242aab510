import { Provider as StateProvider, createStore } from 'jotai';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { setSessionEnd } from './lib/api.ts';
import { sessionOf } from './lib/session.ts';
import { NotFound } from './features/shell/NotFound.tsx';

/**
 * One app: its client state (a jotai store: the signed-in user, the theme), its queries and its router,
 * whose context carries the session for the guards. The browser makes one (main.tsx); every test render
 * makes its own, so that what the test stored beforehand is what the app reads.
 */
export function createApp({
  queryClient,
  history,
  inBrowser = false,
}: {
  queryClient: QueryClient;
  history?: RouterHistory;
  /** The browser's extras: preloading on hover and focus, scroll restoration. */
  inBrowser?: boolean;
}) {
  const store = createStore();
  const session = sessionOf(store);
  const router = createRouter({
    routeTree,
    ...(history ? { history } : {}),
    context: { queryClient, session },
    defaultNotFoundComponent: NotFound,
    ...(inBrowser ? { defaultPreload: 'intent' as const, scrollRestoration: true } : {}),
  });
  setSessionEnd({ forgetUser: session.clear, goHome: () => void router.navigate({ to: '/' }) });
  return { store, session, queryClient, router };
}
export type App = ReturnType<typeof createApp>;

declare module '@tanstack/react-router' {
  interface Register {
    router: App['router'];
  }
}

export function AppRoot({ app }: { app: App }) {
  return (
    <StateProvider store={app.store}>
      <QueryClientProvider client={app.queryClient}>
        <RouterProvider router={app.router} context={{ session: app.session }} />
      </QueryClientProvider>
    </StateProvider>
  );
}
