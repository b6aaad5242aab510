import { useEffect, useSyncExternalStore } from 'react';
import { useMatches } from '@tanstack/react-router';

export const SITE_TITLE = 'Talent & Property Portal';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The screen's name in the browser tab, the history and for screen readers ("Edit User"). */
    title?: string;
  }
}

/**
 * A screen's own title when its name depends on what it shows (a job's title): it wins over the route's
 * `staticData.title` while the screen is mounted. Kept outside React state so the root reads it in one place.
 */
let screenTitle: string | null = null;
const listeners = new Set<() => void>();
const setScreenTitle = (title: string | null) => {
  screenTitle = title;
  listeners.forEach((l) => l());
};

/** For screens whose title is only known once their data is loaded; null leaves the route's title. */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    setScreenTitle(title ?? null);
    return () => setScreenTitle(null);
  }, [title]);
}

/** "Employee Details · Talent & Property Portal"; the landing page is the product's name alone. */
export const documentTitle = (title: string | null | undefined) =>
  title ? `${title} · ${SITE_TITLE}` : SITE_TITLE;

/**
 * The one place that writes `document.title` (mounted in the root route): the screen's own title, else
 * the deepest matched route's `staticData.title`.
 */
export function usePageTitle() {
  const routeTitle = useMatches({
    select: (matches) => matches.findLast((m) => m.staticData.title)?.staticData.title,
  });
  const ownTitle = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => screenTitle,
  );
  useEffect(() => {
    document.title = documentTitle(ownTitle ?? routeTitle);
  }, [ownTitle, routeTitle]);
}
