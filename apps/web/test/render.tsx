import { inject } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { STORAGE_KEYS, type SessionUser } from '@portal/contracts';
import { AppRoot, createApp } from '../src/createApp.tsx';
import type { testSession as TestSession } from './setup.ts';

const session = (globalThis as unknown as { testSession: typeof TestSession }).testSession;

/**
 * Renders the real app (its own state store, queries and router) at a path, optionally as a signed-in
 * user: the user is stored as the browser keeps it, and the app reads it from there when it starts.
 */
export function renderApp(path: string, as?: { user: SessionUser; token: string }) {
  if (as) {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(as.user));
    session.token = as.token;
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const app = createApp({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(<AppRoot app={app} />);
  return { ...view, router: app.router };
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

/** A file the shared test app answers (a download), as the admin: its bytes. */
export async function adminFile(path: string): Promise<ArrayBuffer> {
  const res = await fetch(`${inject('apiBase')}${path}`, {
    headers: { authorization: `Bearer ${inject('adminToken')}` },
  });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return res.arrayBuffer();
}

/** A name no other test file (or earlier run against the same server) uses. */
export const uniqueTag = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
