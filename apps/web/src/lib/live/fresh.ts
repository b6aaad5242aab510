import { useSyncExternalStore } from 'react';

// Things that changed a moment ago (by key, e.g. `candidate:12`, `job:3`), for a subtle highlight that fades.
const FRESH_MS = 2500;
let fresh: ReadonlySet<string> = new Set();
const freshListeners = new Set<() => void>();
const freshTimers = new Map<string, ReturnType<typeof setTimeout>>();
function setFresh(next: ReadonlySet<string>) {
  fresh = next;
  freshListeners.forEach((l) => l());
}

/** Marks something as just changed elsewhere: it is highlighted for a moment. */
export function markFresh(key: string) {
  setFresh(new Set(fresh).add(key));
  clearTimeout(freshTimers.get(key));
  freshTimers.set(
    key,
    setTimeout(() => {
      freshTimers.delete(key);
      const next = new Set(fresh);
      next.delete(key);
      setFresh(next);
    }, FRESH_MS),
  );
}

/** Whether `key` changed elsewhere a moment ago. */
export function useIsFresh(): (key: string) => boolean {
  const current = useSyncExternalStore(
    (l) => {
      freshListeners.add(l);
      return () => void freshListeners.delete(l);
    },
    () => fresh,
  );
  return (key) => current.has(key);
}
