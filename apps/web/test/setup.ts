import { afterEach, inject } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { closeLiveSocket, configureLive } from '../src/lib/live.ts';

// Screens wait on a real app process (argon2 hashing included): on a busy 2-core machine an answer can
// take a few seconds, so `findBy…` and `waitFor` wait up to 5 s rather than 1 s.
configure({ asyncUtilTimeout: 5000 });

const apiBase = inject('apiBase');
const realFetch = globalThis.fetch;

/**
 * jsdom has no server of its own: relative `/api/...` calls go to the real test app. A test that
 * wants to be signed in sets `testSession.token` (the browser would send the session cookie).
 */
export const testSession: { token: string | null } = { token: null };
(globalThis as { testSession?: typeof testSession }).testSession = testSession;

globalThis.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = typeof input === 'string' && input.startsWith('/') ? `${apiBase}${input}` : input;
  const headers = new Headers(init.headers);
  if (testSession.token) headers.set('authorization', `Bearer ${testSession.token}`);
  // jsdom's AbortSignal is not Node's: the real fetch would refuse it, so cancellation is left out here.
  const { signal: _signal, ...rest } = init;
  return realFetch(url, { ...rest, headers });
};

// The live connection goes to the same test app, signed in with the test's token.
configureLive({ url: apiBase, token: () => testSession.token });

afterEach(() => {
  cleanup();
  closeLiveSocket();
  localStorage.clear();
  testSession.token = null;
});

// jsdom lacks these browser APIs that the router (scroll restoration) and react-aria (CSS.escape) call.
window.scrollTo = () => {};
if (!globalThis.CSS?.escape) {
  (globalThis as { CSS?: unknown }).CSS = {
    escape: (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`),
  };
}
