import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CANDIDATE_MESSAGES as M,
  SHARE_TOAST_MS,
  type Candidate,
  type Job,
  type ShortlistShare,
} from '@portal/contracts';
import { Button, CheckboxGroupField, Dialog, ErrorBanner, Timeline, toast } from '@portal/ui';
import { formatDate } from '../../lib/format.ts';
import { useSessionUser } from '../../lib/session.ts';
import { candidateKeys, fetchShares, shareKeys, shareShortlisted } from './api.ts';

/**
 * Sharing a shortlist is deliberate: the dialog shows who sends which candidates to which address, and
 * leaves out, until ticked, anyone already sent to this client (ticking one says they will get it again).
 */
export function ShareShortlistDialog({
  job,
  candidates,
  onClose,
}: {
  job: Job;
  candidates: Candidate[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const [chosen, setChosen] = useState<string[]>(() =>
    candidates.filter((c) => !c.shared_with_client).map((c) => c.uuid),
  );
  const again = candidates.filter((c) => c.shared_with_client && chosen.includes(c.uuid));
  const share = useMutation({
    mutationFn: () =>
      shareShortlisted({
        jobId: job.id,
        clientEmail: job.clientEmail,
        clientName: job.clientName,
        jobTitle: job.title,
        candidates: chosen,
      }),
    onSuccess: async (answer) => {
      // Without a mail server the share is recorded and its mail waits: the server's words say so.
      if (answer.mail === 'sent') toast.success(M.shared(answer.shared.length), SHARE_TOAST_MS);
      else toast.info(answer.message, SHARE_TOAST_MS);
      onClose();
      await queryClient.invalidateQueries({ queryKey: candidateKeys.all });
    },
  });
  const label = (c: Candidate) =>
    c.shared_with_client && c.shared_at
      ? `${c.name} (already sent ${formatDate(c.shared_at) ?? ''})`
      : c.name;
  return (
    <Dialog isOpen onOpenChange={(open) => !open && onClose()} title="Share shortlisted candidates">
      <dl className="share-preview">
        <div>
          <dt>To</dt>
          <dd>
            {job.clientName} &lt;{job.clientEmail}&gt;
          </dd>
        </div>
        <div>
          <dt>From</dt>
          <dd>{me?.name ?? 'You'}</dd>
        </div>
        <div>
          <dt>Job</dt>
          <dd>{job.title}</dd>
        </div>
      </dl>
      <CheckboxGroupField
        label="Candidates in the e-mail"
        options={candidates.map((c) => ({ value: c.uuid, label: label(c) }))}
        value={chosen}
        onChange={setChosen}
      />
      {again.length > 0 ? (
        <p className="banner banner-warning" role="status">
          {M.shareAgain(again.map((c) => c.name))}
        </p>
      ) : null}
      {share.error ? <ErrorBanner message={share.error.message || M.noShortlisted} /> : null}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button
          isDisabled={chosen.length === 0}
          onPress={() => !share.isPending && share.mutate()}
          aria-describedby={chosen.length === 0 ? 'share-none-chosen' : undefined}
        >
          {share.isPending ? 'Sharing...' : `Send ${chosen.length} to client`}
        </Button>
      </div>
      {chosen.length === 0 ? (
        <p id="share-none-chosen" className="muted">
          {M.shareNoneChosen}
        </p>
      ) : null}
    </Dialog>
  );
}

const shareEntry = (s: ShortlistShare, showJob: boolean) => ({
  id: s.id,
  title: `Sent ${s.candidates.length} to ${s.client_name} <${s.client_email}>`,
  when: `${formatDate(s.shared_at) ?? s.shared_at}${s.shared_by ? ` · by ${s.shared_by}` : ''}`,
  details: [...(showJob ? [`Job: ${s.job_title}`] : []), s.candidates.map((c) => c.name).join(', ')].filter(
    Boolean,
  ),
});

/** What was sent to clients, newest first: a job's shares, or those that named one candidate. */
export function ShareRecord({ jobId, candidateId }: { jobId?: number; candidateId?: number }) {
  const path =
    candidateId !== undefined ? `/api/candidates/${candidateId}/shares` : `/api/jobs/${jobId}/shares`;
  const shares = useQuery({
    queryKey: candidateId !== undefined ? shareKeys.candidate(candidateId) : shareKeys.job(jobId!),
    queryFn: ({ signal }) => fetchShares(path, signal),
  });
  if (shares.isError) return <ErrorBanner message={shares.error.message} />;
  const items = shares.data?.items ?? [];
  if (items.length === 0) return <p className="muted">Nothing sent to the client yet</p>;
  return (
    <Timeline
      label="Sent to the client"
      entries={items.map((s) => shareEntry(s, candidateId !== undefined))}
    />
  );
}
