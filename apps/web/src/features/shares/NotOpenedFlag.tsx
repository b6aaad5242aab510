import { useQuery } from '@tanstack/react-query';
import { Button } from '@portal/ui';
import { fetchShares, shareKeys } from '../candidates/api.ts';
import { notOpenedText } from './ShareRecord.tsx';

/**
 * The job's flag for a shortlist its client has not opened within the flag's days (any share the server
 * marks `notOpened`): pressing it shows the "Sent to the client" list, where the share is marked too.
 */
export function NotOpenedFlag({ jobId, onShow }: { jobId: number; onShow: () => void }) {
  const shares = useQuery({
    queryKey: shareKeys.job(jobId),
    queryFn: ({ signal }) => fetchShares(`/api/jobs/${jobId}/shares`, signal),
  });
  const flagged = shares.data?.items.filter((s) => s.notOpened).length ?? 0;
  if (flagged === 0) return null;
  return (
    <Button variant="ghost" size="sm" className="badge badge-amber details-head-flag" onPress={onShow}>
      {notOpenedText}
    </Button>
  );
}
