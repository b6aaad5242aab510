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

  /** The decision on a candidate. */
  yourDecision: 'Your decision',
  decisionLegend: (name: string) => `Your decision on ${name}`,
  reason: 'Reason',
  reasonPlaceholder: 'Choose a reason',
  decisionComment: 'Comment for the recruiter (optional)',
  rating: 'Rating',
  ratingHint: 'Optional: 1 is the weakest, 5 the strongest.',
  noRating: 'None',
  noRatingLabel: 'No rating',
  ratingOption: (n: number) => `${n} out of 5`,
  /** A rating as the decisions show it. */
  ratingShort: (n: number) => `${n}/5`,
  saveDecision: 'Save decision',
  saving: 'Saving...',
  changeDecision: 'Change decision',
  cancel: 'Cancel',
  decidedAt: 'Decided',
  /** The other recipients of the share, named with what they decided. */
  othersDecided: 'Other recipients',

  /** The comment thread on a candidate. */
  comments: (n: number) => (n === 0 ? 'Comments' : `Comments (${n})`),
  noComments: 'No comments yet. Ask the recruiter a question or add a note for them here.',
  fromRecruiter: 'Recruiter',
  fromYou: 'you',
  writeComment: 'Write a comment',
  postComment: 'Post comment',
  posting: 'Posting...',
  commentsOf: (name: string) => `Comments on ${name}`,
} as const;
