import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REVIEW_MESSAGES,
  type ClientComment,
  type ClientDecisionView,
  type ReviewCandidate,
  type ReviewPage,
  type ReviewSender,
} from '@portal/contracts';
import { ApiError } from '../../lib/api.ts';
import { reviewQuery, type ReviewGoneBody } from './api.ts';
import { useReviewLive } from './live.ts';
import { REVIEW_PAGE_MESSAGES as M } from './messages.ts';

/** A link that opens nothing (any more): the heading, the server's words, whom to ask. */
export interface LinkClosedState {
  heading: string;
  message: string;
  sender?: ReviewSender | undefined;
}

/** A candidate the recruiter withdrew while the page was open: a line takes their place. */
export interface WithdrawnCandidate {
  uuid: string;
  name: string;
}

/** The heading that goes with the server's word on a closed link. */
function closedBy(message: string, sender?: ReviewSender): LinkClosedState {
  if (message === REVIEW_MESSAGES.linkRevoked) return { heading: M.withdrawn, message, sender };
  if (message === REVIEW_MESSAGES.linkExpired) return { heading: M.expired, message, sender };
  return { heading: M.notValid, message: REVIEW_MESSAGES.linkNotFound };
}

/** A 404 or 410 of the page's read: the link opens nothing. */
function closedByError(error: unknown): LinkClosedState | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return { heading: M.notValid, message: error.message };
  if (error.status === 410) {
    const gone = error.body as ReviewGoneBody | undefined;
    return {
      heading: error.message === REVIEW_MESSAGES.linkRevoked ? M.withdrawn : M.expired,
      message: error.message,
      sender: gone?.sender,
    };
  }
  return null;
}

/** A decision replaces the same link's earlier one; the others keep their place. */
const withDecision = (decisions: ClientDecisionView[], decision: ClientDecisionView) =>
  decisions.some((d) => d.linkId === decision.linkId)
    ? decisions.map((d) => (d.linkId === decision.linkId ? decision : d))
    : [...decisions, decision];

/**
 * A comment joins the thread once: the live message of one's own comment, which the page added from the
 * server's answer already, is the same comment (same id), and is not shown twice.
 */
const withComment = (comments: ClientComment[], comment: ClientComment) =>
  comments.some((c) => c.id === comment.id) ? comments : [...comments, comment];

/**
 * The review page's state: the shortlist as read (the query), changed in place by the reader's own writes
 * and by the share's live messages; candidates withdrawn meanwhile; and whether the link closed.
 */
export function useReviewPage(token: string) {
  const queryClient = useQueryClient();
  const options = reviewQuery(token);
  const query = useQuery(options);
  const [closedLive, setClosedLive] = useState<LinkClosedState | null>(null);
  const [withdrawn, setWithdrawn] = useState<WithdrawnCandidate[]>([]);
  const page = query.data;
  const closed = closedLive ?? closedByError(query.error);

  const updateCandidate = useCallback(
    (uuid: string, change: (c: ReviewCandidate) => ReviewCandidate) =>
      queryClient.setQueryData<ReviewPage>(
        options.queryKey,
        (p) => p && { ...p, candidates: p.candidates.map((c) => (c.uuid === uuid ? change(c) : c)) },
      ),
    [queryClient, options.queryKey],
  );

  const actions = useMemo(
    () => ({
      applyDecision(uuid: string, decision: ClientDecisionView) {
        const you = queryClient.getQueryData<ReviewPage>(options.queryKey)?.you.linkId;
        updateCandidate(uuid, (c) => ({
          ...c,
          decision: decision.linkId === you ? decision : c.decision,
          decisions: withDecision(c.decisions, decision),
        }));
      },
      applyComment(uuid: string, comment: ClientComment) {
        updateCandidate(uuid, (c) => ({ ...c, comments: withComment(c.comments, comment) }));
      },
      withdraw(uuid: string, name: string) {
        setWithdrawn((w) => (w.some((x) => x.uuid === uuid) ? w : [...w, { uuid, name }]));
      },
      close(message: string) {
        const sender = queryClient.getQueryData<ReviewPage>(options.queryKey)?.sender;
        setClosedLive(closedBy(message, sender));
      },
    }),
    [queryClient, options.queryKey, updateCandidate],
  );

  /**
   * What a refused write means for the page: a 410 closes it, a 404 for the candidate removes them (the
   * recruiter withdrew them meanwhile). Anything else stays with the form, which says it (a 429's wait, a
   * dropped connection with what was typed kept): the returned message.
   */
  const writeFailed = useCallback(
    (error: unknown, candidate: ReviewCandidate): string | null => {
      if (!(error instanceof ApiError)) return REVIEW_MESSAGES.decisionNotSaved;
      if (error.status === 410) {
        setClosedLive(closedByError(error));
        return null;
      }
      if (error.status === 404) {
        if (error.message === REVIEW_MESSAGES.linkNotFound) actions.close(error.message);
        else actions.withdraw(candidate.uuid, candidate.name);
        return null;
      }
      if (error.status === 429) return REVIEW_MESSAGES.tooManyRequests;
      return error.message;
    },
    [actions],
  );

  const live = useReviewLive(token, Boolean(page) && !closed, {
    decision: ({ uuid, decision }) => actions.applyDecision(uuid, decision),
    comment: ({ uuid, comment }) => actions.applyComment(uuid, comment),
    withdrawn: ({ uuid, name }) => actions.withdraw(uuid, name),
    revoked: ({ message }) => actions.close(message || REVIEW_MESSAGES.linkRevoked),
    refused: (message) => {
      // The server's word says which state the link is in; a bare refusal is learnt by reading the page.
      if (message === REVIEW_MESSAGES.joinRefused) void query.refetch();
      else actions.close(message);
    },
    reconnected: () => {
      // Read again; a candidate gone from the answer was withdrawn meanwhile, and is said so.
      const before = page?.candidates ?? [];
      void query.refetch().then(({ data }) => {
        if (!data) return;
        for (const c of before)
          if (!data.candidates.some((x) => x.uuid === c.uuid)) actions.withdraw(c.uuid, c.name);
      });
    },
  });

  return { query, page, closed, withdrawn, live, ...actions, writeFailed };
}
export type ReviewPageState = ReturnType<typeof useReviewPage>;
