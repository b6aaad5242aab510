import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  REVIEW_MESSAGES,
  type ClientComment,
  type ReviewCandidate,
  type ReviewCommentBody,
} from '@portal/contracts';
import { Button, ErrorBanner, TextAreaField } from '@portal/ui';
import { ApiError } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import { loadChecks, postComment } from './api.ts';
import { REVIEW_PAGE_MESSAGES as M } from './messages.ts';
import { decisionLine } from './ReviewDecision.tsx';
import type { ReviewPageState } from './useReviewPage.ts';

/** What the share's other recipients decided on the candidate, each named. */
export function OtherDecisions({
  candidate,
  yourLinkId,
}: {
  candidate: ReviewCandidate;
  yourLinkId: number;
}) {
  const others = candidate.decisions.filter((d) => d.linkId !== yourLinkId);
  if (others.length === 0) return null;
  return (
    <div className="review-others">
      <h4 className="review-subtitle">{M.othersDecided}</h4>
      <ul>
        {others.map((d) => (
          <li key={d.linkId}>
            <span>
              <strong>{d.by}</strong>: {decisionLine(d)}
            </span>{' '}
            <time className="muted" dateTime={d.at}>
              {formatDateTime(d.at) ?? d.at}
            </time>
            {d.comment && <p className="prewrap">{d.comment}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One comment: who (the recruiter's replies marked so, the reader's own too), when, and the text as text. */
function Comment({ comment, yourLinkId }: { comment: ClientComment; yourLinkId: number }) {
  const staff = comment.from === 'staff';
  const yours = !staff && comment.linkId === yourLinkId;
  return (
    <li className={`review-comment${staff ? ' review-comment-staff' : ''}`}>
      <p className="review-comment-meta">
        <strong>{comment.author}</strong>
        {staff && <span className="badge badge-blue">{M.fromRecruiter}</span>}
        {yours && <span className="muted">({M.fromYou})</span>}
        <time className="muted" dateTime={comment.at}>
          {formatDateTime(comment.at) ?? comment.at}
        </time>
      </p>
      <p className="prewrap">{comment.text}</p>
    </li>
  );
}

/**
 * The candidate's thread on this share, oldest first: the recipients' comments and the recruiter's replies
 * (which arrive live), and a box to write one. What was typed stays until the server has it.
 */
export function ReviewThread({
  token,
  candidate,
  state,
}: {
  token: string;
  candidate: ReviewCandidate;
  state: ReviewPageState;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);
  const headingId = useId();
  const yourLinkId = state.page!.you.linkId;

  const send = useMutation({
    mutationFn: (body: ReviewCommentBody) => postComment(token, candidate.uuid, body),
    onSuccess: (comment) => {
      state.applyComment(candidate.uuid, comment);
      setText('');
    },
    onError: (e) => {
      const message = state.writeFailed(e, candidate);
      if (message)
        setFailure({
          message: message === REVIEW_MESSAGES.decisionNotSaved ? REVIEW_MESSAGES.commentNotSent : message,
          retry: !(e instanceof ApiError) || e.status === 0,
        });
    },
  });

  async function submit() {
    const body = { text: text.trim() };
    setFailure(null);
    let found: { text?: string };
    try {
      // The contract says what is wrong: nothing written, only spaces, too long.
      found = (await loadChecks()).checkComment(body);
    } catch {
      return setFailure({ message: REVIEW_MESSAGES.commentNotSent, retry: true });
    }
    setError(found.text);
    if (!found.text) send.mutate(body);
  }

  return (
    <section className="review-thread" aria-labelledby={headingId}>
      <h4 id={headingId} className="review-subtitle">
        {M.comments(candidate.comments.length)}
        <span className="sr-only"> on {candidate.name}</span>
      </h4>
      {candidate.comments.length === 0 ? (
        <p className="muted">{M.noComments}</p>
      ) : (
        <ol className="review-comments" aria-label={M.commentsOf(candidate.name)}>
          {candidate.comments.map((c) => (
            <Comment key={c.id} comment={c} yourLinkId={yourLinkId} />
          ))}
        </ol>
      )}
      <form
        className="review-comment-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!send.isPending) void submit();
        }}
      >
        <TextAreaField
          label={M.writeComment}
          rows={2}
          value={text}
          onChange={(v) => {
            setText(v);
            setError(undefined);
          }}
          errorMessage={error}
        />
        <ErrorBanner message={failure?.message}>
          {failure?.retry && (
            <Button variant="secondary" size="sm" type="submit" isDisabled={send.isPending}>
              {M.retry}
            </Button>
          )}
        </ErrorBanner>
        <div className="review-form-actions">
          <Button type="submit" variant="secondary" isDisabled={send.isPending}>
            {send.isPending ? M.posting : M.postComment}
            <span className="sr-only"> on {candidate.name}</span>
          </Button>
        </div>
      </form>
    </section>
  );
}
