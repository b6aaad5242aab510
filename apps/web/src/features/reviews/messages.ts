import type { ReviewSender } from '@portal/contracts';

/**
 * The client review page's words (the server's own texts, an expired link's say, are REVIEW_MESSAGES).
 * Kept with the page rather than in contracts' messages, which every page's first download partly holds.
 */
export const REVIEW_PAGE_MESSAGES = {
  title: 'Shortlist for review',
  loading: 'Loading the shortlist...',
  /** The heading of the page's introduction: the job it is for. */
  shortlistFor: (title: string) => `Shortlisted candidates for ${title}`,
  sentBy: 'Sent by',
  expires: 'Link expires',
  count: (n: number) => `${n} ${n === 1 ? 'candidate' : 'candidates'}`,
  noCandidates: 'This shortlist has no candidates any more.',
  notValid: 'This link is not valid',
  expired: 'This link has expired',
  withdrawn: 'This link was withdrawn',
  contactSender: 'To see the shortlist, contact',
  /** A network failure or a server error: the page can be asked for again. */
  loadFailed: 'The shortlist could not be loaded. Please check your connection and try again.',
  retry: 'Try again',
  note: 'Note from the recruiter',
  resume: 'Resume',
  showResume: 'Show resume',
  hideResume: 'Hide resume',
  openResume: 'Open resume',
  downloadResume: 'Download resume',
  noResume: 'No resume shared for this candidate.',
  /** A Word resume the browser cannot show, on a link that does not allow downloads. */
  viewOnlyNotPdf: (sender: ReviewSender) =>
    `This resume is not a PDF, so it cannot be shown here, and downloads are not enabled for this link. Ask ${sender.name} for a copy.`,
  resumeFrame: (name: string) => `Resume of ${name}`,
} as const;
