import { inject } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router';
import type { SessionUser } from '@portal/contracts';
import { routeTree } from '../src/routeTree.gen.ts';
import { storeUser } from '../src/lib/session.ts';
import type { testSession as TestSession } from './setup.ts';

const session = (globalThis as unknown as { testSession: typeof TestSession }).testSession;

/** Renders the real route tree at a path, optionally as a signed-in user. */
export function renderApp(path: string, as?: { user: SessionUser; token: string }) {
  if (as) {
    storeUser(as.user);
    session.token = as.token;
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient },
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

export const ADMIN_USER: SessionUser = {
  id: 1,
  user_id: 'USR1000',
  username: 'admin',
  name: 'Administrator',
  email: 'admin@portal.local',
  role: 'admin',
  designation: null,
  department: null,
  photo: null,
};

export const asAdmin = () => ({ user: ADMIN_USER, token: inject('adminToken') });

/** Calls the shared test app directly, as the admin: for tests that set up their own data. */
export async function adminApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${inject('apiBase')}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${inject('adminToken')}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A name no other test file (or earlier run against the same server) uses. */
export const uniqueTag = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
