import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useLiveCatchUp, useLiveEvent, useLiveRoom } from '../../lib/live.ts';

/**
 * Keeps a dashboard's figures live while it is shown: joins its room, puts the figures the server sends
 * there (recomputed once per burst of changes) in place of the loaded ones, and fetches them again after
 * the room's missed changes were read back following a reconnect (no figures come with those).
 */
export function useLiveFigures(
  figures: { room: 'dashboard'; message: 'dashboard:stats' } | { room: 'ledger'; message: 'ledger:stats' },
  queryKey: QueryKey,
) {
  const queryClient = useQueryClient();
  useLiveRoom({ kind: figures.room });
  useLiveEvent(figures.message, (stats) => queryClient.setQueryData(queryKey, stats));
  useLiveCatchUp({ kind: figures.room }, () => void queryClient.invalidateQueries({ queryKey }));
}

/**
 * Keeps a screen's own figures live when they are not the ones the dashboard room carries (the employee's
 * dashboard counts their own candidates): joins the room all the same and fetches the screen's figures
 * again each time the recruitment figures move, and after a reconnect.
 */
export function useFiguresFollowingDashboard(queryKey: QueryKey) {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey });
  useLiveRoom({ kind: 'dashboard' });
  useLiveEvent('dashboard:stats', refetch);
  useLiveCatchUp({ kind: 'dashboard' }, refetch);
}
