import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '../lib/session.ts';
import { Toaster } from '@portal/ui';
import { NotFound } from '../features/shell/NotFound.tsx';
import { usePageTitle } from '../lib/useDocumentTitle.ts';

export interface RouterContext {
  queryClient: QueryClient;
  /** Who is signed in: the guards read it (createApp passes it to the router and its provider). */
  session: Session;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: function Root() {
    usePageTitle();
    return (
      <>
        <Outlet />
        <Toaster />
      </>
    );
  },
  notFoundComponent: NotFound,
});
