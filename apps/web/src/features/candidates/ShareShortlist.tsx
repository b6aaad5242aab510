import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CANDIDATE_MESSAGES as M,
  REVIEW_LIMITS,
  SHARE_TEXTS as T,
  SHARE_TOAST_MS,
  ShareBody,
  type Candidate,
  type Job,
  type ShareAnswer,
} from '@portal/contracts';
import { Button, CheckboxGroupField, Dialog, ErrorBanner, toast } from '@portal/ui';
import { checkForm } from '../../lib/checkForm.ts';
import { formatDate } from '../../lib/format.ts';
import { useSessionUser } from '../../lib/session.ts';
import { candidateKeys, shareShortlisted } from './api.ts';
import { ShareLinksResult } from '../shares/ShareLinksResult.tsx';
import {
  ShareNotes,
  ShareOptionsFields,
  ShareRecipients,
  type ShareOptions,
} from '../shares/ShareOptions.tsx';

const DEFAULT_OPTIONS: ShareOptions = {
  contactIds: [],
  expiresInDays: String(REVIEW_LIMITS.defaultExpiryDays),
  showContactDetails: false,
  allowDownload: false,
  notes: {},
};

/** The share request: the spec's body, the recipients and what their links show, the notes of those sent. */
function shareBody(job: Job, chosen: string[], options: ShareOptions): ShareBody {
  const notes = Object.fromEntries(
    chosen.flatMap((uuid) => (options.notes[uuid]?.trim() ? [[uuid, options.notes[uuid]!.trim()]] : [])),
  );
  return {
    jobId: job.id,
    clientEmail: job.clientEmail,
    clientName: job.clientName,
    jobTitle: job.title,
    candidates: chosen,
    contactIds: options.contactIds.map(Number),
    expiresInDays: Number(options.expiresInDays.trim() || NaN),
    showContactDetails: options.showContactDetails,
    allowDownload: options.allowDownload,
    ...(Object.keys(notes).length > 0 ? { notes } : {}),
  };
}

/**
 * Sharing a shortlist is deliberate: the dialog shows who sends which candidates to which addresses (the
 * job's client always, its client contacts when ticked), how long the links live and what they show, and
 * leaves out, until ticked, anyone already sent to this client (ticking one says they will get it again).
 * Once sent, it shows each recipient's link, this one time.
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
  const [options, setOptions] = useState<ShareOptions>(DEFAULT_OPTIONS);
  const [expiryError, setExpiryError] = useState<string>();
  const [answer, setAnswer] = useState<ShareAnswer | null>(null);
  const again = candidates.filter((c) => c.shared_with_client && chosen.includes(c.uuid));
  const share = useMutation({
    mutationFn: (body: ShareBody) => shareShortlisted(body),
    onSuccess: async (sent) => {
      // Without a mail server the share is recorded and its mail waits: the server's words say so.
      if (sent.mail === 'sent') toast.success(M.shared(sent.shared.length), SHARE_TOAST_MS);
      else toast.info(sent.message, SHARE_TOAST_MS);
      setAnswer(sent);
      await queryClient.invalidateQueries({ queryKey: candidateKeys.all });
    },
  });
  const send = () => {
    if (share.isPending) return;
    const body = shareBody(job, chosen, options);
    // The contract the route checks, in its words ("Expiry (days) must be at most 90").
    const found = checkForm<'expiresInDays'>(ShareBody, { expiresInDays: body.expiresInDays });
    setExpiryError(found.expiresInDays);
    if (!found.expiresInDays) share.mutate(body);
  };
  if (answer) return <ShareLinksResult answer={answer} onClose={onClose} />;

  const label = (c: Candidate) =>
    c.shared_with_client && c.shared_at
      ? `${c.name} (already sent ${formatDate(c.shared_at) ?? ''})`
      : c.name;
  return (
    <Dialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title="Share shortlisted candidates"
      className="modal-filter"
    >
      <dl className="share-preview">
        <div>
          <dt>To</dt>
          <dd>
            {job.clientName} &lt;{job.clientEmail}&gt; <span className="muted">{T.clientAlways}</span>
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
      <ShareRecipients jobId={job.id} options={options} onChange={setOptions} />
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
      <ShareOptionsFields
        options={options}
        onChange={setOptions}
        expiryError={expiryError}
        onExpiryEdited={() => setExpiryError(undefined)}
      />
      <ShareNotes
        candidates={candidates.filter((c) => chosen.includes(c.uuid))}
        options={options}
        onChange={setOptions}
      />
      {share.error ? <ErrorBanner message={share.error.message || M.noShortlisted} /> : null}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>
          Cancel
        </Button>
        <Button
          isDisabled={chosen.length === 0}
          onPress={send}
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
