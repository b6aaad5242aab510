import type { ReviewPage, ReviewSender } from '@portal/contracts';
import { api } from '../../lib/api.ts';
import { REVIEW_PAGE_MESSAGES as M } from './messages.ts';

/** The review page's one call: no sign-in, the link's token is the credential. */
export const fetchReview = (token: string, signal?: AbortSignal) =>
  api<ReviewPage>(`/api/review/${encodeURIComponent(token)}`, {
    signal,
    fallbackMessage: M.loadFailed,
    skipSessionRule: true,
  });

/**
 * Read once per visit: each read is counted as a view of the link in the recruiter's tracking, so neither
 * a return to the tab nor a remount asks again. A 404 or 410 is final; only a failed connection is tried
 * once more (the app's default).
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
