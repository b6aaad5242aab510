import type { QueryClient } from '@tanstack/react-query';
import { jobIdOf } from './routeParams.ts';

/*
 * The careers routes' loaders: the data comes with the navigation, and a failure is left to the screen, as
 * lib/preload.ts does for the signed-in routes. They do not go through preload.ts: on these public routes
 * that import split the first download of every page into more files (+0.9 KB gzip on /careers/jobs).
 */

/** The loader of an opening's pages (details, apply): the job, unless the URL cannot name one. */
export async function preloadOpening(queryClient: QueryClient, rawId: string): Promise<void> {
  const id = jobIdOf(rawId);
  if (id === null) return;
  const api = await import('./api.ts');
  await queryClient.ensureQueryData(api.openingQuery(id)).catch(() => undefined);
}

/** The loader of the openings list: the openings of the search in the URL. */
export async function preloadOpenings(queryClient: QueryClient, search: string): Promise<void> {
  const api = await import('./api.ts');
  await queryClient.ensureQueryData(api.openingsQuery(search)).catch(() => undefined);
}
