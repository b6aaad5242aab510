import {
  REVIEW_MESSAGES,
  type ClientComment,
  type ReviewCommentBody,
  type ReviewDecisionBody,
  type ReviewDecisionSaved,
  type ReviewPage,
  type ReviewSender,
} from '@portal/contracts';
import { api } from '../../lib/api.ts';
import { REVIEW_PAGE_MESSAGES as M } from './messages.ts';

const reviewPath = (token: string) => `/api/review/${encodeURIComponent(token)}`;
const candidatePath = (token: string, uuid: string) =>
  `${reviewPath(token)}/candidates/${encodeURIComponent(uuid)}`;

/** The review page's read: no sign-in, the link's token is the credential. */
export const fetchReview = (token: string, signal?: AbortSignal) =>
  api<ReviewPage>(reviewPath(token), { signal, fallbackMessage: M.loadFailed, skipSessionRule: true });

/**
 * Read once per visit: each read is counted as a view of the link in the recruiter's tracking, so neither
 * a return to the tab nor a remount asks again (the live socket's reconnect does: see live.ts). A 404 or
 * 410 is final; only a failed connection is tried once more (the app's default).
 */
export const reviewQuery = (token: string) => ({
  queryKey: ['review', token] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchReview(token, signal),
  staleTime: Infinity,
  refetchOnWindowFocus: false,
});

/** A 410's answer: the server's words, and whom to ask for a new link. */
export interface ReviewGoneBody {
  message: string;
  sender?: ReviewSender;
}

/** The client's decision on one shared candidate (a new one replaces theirs): answered as saved. */
export const postDecision = (token: string, uuid: string, body: ReviewDecisionBody) =>
  api<ReviewDecisionSaved>(`${candidatePath(token, uuid)}/decision`, {
    method: 'POST',
    body,
    fallbackMessage: REVIEW_MESSAGES.decisionNotSaved,
    skipSessionRule: true,
  });

/** A comment on one shared candidate's thread (the recruiter answers it there): answered as saved. */
export const postComment = (token: string, uuid: string, body: ReviewCommentBody) =>
  api<ClientComment>(`${candidatePath(token, uuid)}/comments`, {
    method: 'POST',
    body,
    fallbackMessage: REVIEW_MESSAGES.commentNotSent,
    skipSessionRule: true,
  });

/** The forms' checks (checks.ts), loaded once: the page asks for them as soon as it shows. */
export const loadChecks = () => import('./checks.ts');
