import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CLIENT_FEEDBACK_LIMITS,
  ClientCommentBody,
  FEEDBACK_MESSAGES as F,
  REVIEW_MESSAGES as R,
  type ClientFeedback,
} from '@portal/contracts';
import { Button, SelectField, StatusBadge, TextField, toast } from '@portal/ui';
import { checkForm } from '../../lib/checkForm.ts';
import { formatDateTime } from '../../lib/format.ts';
import { ClientDecisionBadge } from './ClientFeedbackBadge.tsx';
import { feedbackKeys, postClientReply } from './api.ts';

export type FeedbackShareData = ClientFeedback['shares'][number];
type Link = FeedbackShareData['links'][number];

const when = (at: string) => formatDateTime(at, { hours24: true }) ?? at;
const isOpen = (link: Link, now: number) => !link.revokedAt && new Date(link.expiresAt).getTime() > now;
const linkName = (link: Link) => `${link.recipientName} (${link.recipient})`;

/** Why the thread of this share takes no reply, or null when one of its links can still be read. */
function noReplyReason(share: FeedbackShareData, open: Link[]): string | null {
  if (share.withdrawn) return F.noReplyWithdrawn;
  if (open.length > 0) return null;
  return share.links.length > 0 && share.links.every((l) => l.revokedAt)
    ? F.noReplyRevoked
    : F.noReplyExpired;
}

/**
 * The reply box of one share's thread: the text, and which recipient's link it answers when the share has
 * several still open (by default the one whose holder wrote last). A share whose links were all revoked or
 * have expired, or that no longer holds the candidate, says why instead.
 */
function ReplyBox({ uuid, share }: { uuid: string; share: FeedbackShareData }) {
  const queryClient = useQueryClient();
  const open = share.links.filter((l) => isOpen(l, Date.now()));
  const lastClient = [...share.comments].reverse().find((c) => c.from === 'client' && c.linkId !== null);
  const preferred = open.find((l) => l.id === lastClient?.linkId) ?? open[0];
  const [linkId, setLinkId] = useState<string>(preferred ? String(preferred.id) : '');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: (body: ClientCommentBody) => postClientReply(uuid, body),
    onSuccess: async () => {
      setText('');
      toast.success(R.replyAdded);
      await queryClient.invalidateQueries({ queryKey: feedbackKeys.one(uuid) });
    },
    onError: (e) => setError(e.message || F.replyFailed),
  });
  const why = noReplyReason(share, open);
  if (why) return <p className="muted feedback-no-reply">{why}</p>;
  const chosen = open.some((l) => String(l.id) === linkId) ? linkId : String(open[0]!.id);
  const submit = () => {
    const body = { shareLinkId: Number(chosen), text: text.trim() };
    const found = checkForm<'text'>(ClientCommentBody, body);
    setError(found.text);
    if (!found.text) send.mutate(body);
  };
  return (
    <form
      className="feedback-reply"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {open.length > 1 ? (
        <SelectField
          label={F.replyTo}
          value={chosen}
          options={open.map((l) => ({ value: String(l.id), label: linkName(l) }))}
          onChange={setLinkId}
        />
      ) : null}
      <TextField
        label={open.length > 1 ? F.reply : `${F.reply}: ${open[0]!.recipientName}`}
        multiline
        rows={2}
        maxLength={CLIENT_FEEDBACK_LIMITS.comment}
        value={text}
        onChange={(v) => {
          setText(v);
          setError(undefined);
        }}
        errorMessage={error}
      />
      <Button type="submit" size="sm" isDisabled={send.isPending}>
        {send.isPending ? F.sending : F.send}
      </Button>
    </form>
  );
}

/** One share the candidate was in: to whom, each recipient's decision (named), the thread and its reply. */
export function FeedbackShare({ uuid, share }: { uuid: string; share: FeedbackShareData }) {
  const sent = when(share.sharedAt);
  const headingId = `feedback-share-${share.shareId}`;
  const now = Date.now();
  return (
    <article className="feedback-share" aria-labelledby={headingId}>
      <div className="feedback-share-head">
        <h3 id={headingId}>{F.sentOn(sent, share.sharedBy)}</h3>
        {share.withdrawn ? <StatusBadge status="withdrawn" tone="grey" label={F.withdrawn} /> : null}
      </div>
      <p className="muted feedback-recipients">
        {F.sentTo}:{' '}
        {share.links
          .map((l) =>
            l.revokedAt
              ? `${linkName(l)}, ${F.revoked}`
              : isOpen(l, now)
                ? linkName(l)
                : `${linkName(l)}, ${F.expired}`,
          )
          .join('; ')}
      </p>

      <h4 className="feedback-subtitle">{F.decisions}</h4>
      {share.decisions.length === 0 ? (
        <p className="muted">{F.noAnswer}</p>
      ) : (
        <ul className="feedback-list" aria-label={`${F.decisions}: ${sent}`}>
          {share.decisions.map((d) => (
            <li key={d.linkId} className="feedback-item" data-from="client">
              <div className="feedback-item-head">
                <strong>{d.by}</strong>
                <ClientDecisionBadge decision={d.decision} />
                {d.rating !== null ? (
                  <span>{F.rating(d.rating, CLIENT_FEEDBACK_LIMITS.ratingMax)}</span>
                ) : null}
                <time className="muted" dateTime={d.at}>
                  {when(d.at)}
                </time>
              </div>
              {d.reason ? <p className="feedback-item-text">{F.reason(d.reason)}</p> : null}
              {d.comment ? <p className="feedback-item-text">{d.comment}</p> : null}
            </li>
          ))}
        </ul>
      )}

      <h4 className="feedback-subtitle">{F.thread}</h4>
      {share.comments.length === 0 ? (
        <p className="muted">{F.noComments}</p>
      ) : (
        <ul className="feedback-list" aria-label={F.threadOf(sent)}>
          {share.comments.map((c) => (
            <li key={c.id} className="feedback-item" data-from={c.from}>
              <div className="feedback-item-head">
                <strong>{c.author}</strong>
                <span className="muted">({c.from === 'client' ? F.fromClient : F.fromStaff})</span>
                <time className="muted" dateTime={c.at}>
                  {when(c.at)}
                </time>
              </div>
              {/* What a client writes is text: React writes it as text, never as markup. */}
              <p className="feedback-item-text">{c.text}</p>
            </li>
          ))}
        </ul>
      )}
      <ReplyBox uuid={uuid} share={share} />
    </article>
  );
}
