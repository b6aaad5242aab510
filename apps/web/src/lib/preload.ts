import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** A screen's query: its key and its fetcher, shared by the route's loader and the screen. */
export interface PageQuery<P> {
  queryKey: QueryKey;
  queryFn: (context: { signal: AbortSignal }) => Promise<P>;
}

/**
 * A route loader's fetch of what its screen shows, so the data loads with the navigation rather than
 * after the first render. The query comes from a dynamic import of the feature's api module: the
 * route tree, which every page downloads, holds no signed-in screen's calls. A failure is left to the
 * screen, which says it in its own words.
 */
export async function preload<T>(
  queryClient: QueryClient,
  query: () => Promise<PageQuery<T>>,
): Promise<void> {
  await queryClient.ensureQueryData(await query()).catch(() => undefined);
}

/** `preload` for a screen that waits on several queries before it shows anything (a form and its choices). */
export async function preloadAll(
  queryClient: QueryClient,
  queries: () => Promise<PageQuery<unknown>[]>,
): Promise<void> {
  const all = await queries();
  await Promise.all(all.map((query) => queryClient.ensureQueryData(query).catch(() => undefined)));
}
