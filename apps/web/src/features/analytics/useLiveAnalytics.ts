import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveCatchUp, useLiveEvent, useLiveRoom } from '../../lib/live.ts';
import { analyticsKeys } from './api.ts';

/** The figures are fetched again at most this often while changes keep coming. */
export const ANALYTICS_REFETCH_GAP_MS = 1000;

/**
 * A call of `run` at most once per `gapMs`: the first change runs it at once, changes within the gap after
 * it are gathered into one more call when the gap ends.
 */
export function useCoalesced(run: () => void, gapMs: number) {
  const latest = useRef(run);
  latest.current = run;
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return useCallback(() => {
    if (timer.current) return;
    const wait = last.current + gapMs - Date.now();
    const fire = () => {
      timer.current = null;
      last.current = Date.now();
      latest.current();
    };
    if (wait <= 0) fire();
    else timer.current = setTimeout(fire, wait);
  }, [gapMs]);
}

/**
 * Keeps the Analytics figures live: in the dashboard room, a candidate added, moved (on the board or by its
 * status) or deleted fetches the figures again, once per burst of changes; so do changes read back after a
 * reconnect. The room sends no figures of its own for this screen: they depend on its filters.
 */
export function useLiveAnalytics() {
  const queryClient = useQueryClient();
  const refetch = useCoalesced(
    () => void queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
    ANALYTICS_REFETCH_GAP_MS,
  );
  useLiveRoom({ kind: 'dashboard' });
  useLiveEvent('candidate:created', refetch);
  useLiveEvent('candidate:status-changed', refetch);
  useLiveEvent('candidate:moved', refetch);
  useLiveEvent('candidate:deleted', refetch);
  // A deletion is told to the job's room only; the dashboard room hears of it as new dashboard figures.
  useLiveEvent('dashboard:stats', refetch);
  useLiveCatchUp({ kind: 'dashboard' }, refetch);
}
