/**
 * What the team's screens say of the clients' answers: the board card's badge, the candidate
 * page's "Client feedback" section with its replies, and the move a decision suggests (one click, never made
 * by itself) on the card, the page and the bell. Apart from review-messages.ts, which the review page's first
 * download holds: these only the signed-in screens show.
 */
export const FEEDBACK_MESSAGES = {
  section: 'Client feedback',
  /** What a screen reader hears before the badge's word. */
  decisionPrefix: "Client's decision:",
  /** The badge's tooltip: who answered last, and when. */
  decisionBy: (by: string, when: string) => `Last answer from ${by}, ${when}`,
  /** The speech bubble's count: every comment of the candidate's client threads, replies included. */
  comments: (n: number) => (n === 1 ? '1 client comment' : `${n} client comments`),
  /** The suggested move's button: Interested → Interviewed, Not a fit → the rejection dialog. */
  moveTo: (status: string) => `Move to ${status}`,
  reject: 'Reject…',
  /** The button's name for a screen reader: the visible words first, then whom it moves. */
  moveOf: (action: string, name: string) => `${action} (${name})`,
  /** Beside the suggested move on the candidate page. */
  suggests: (by: string, decision: string) => `${by} answered ${decision}.`,
  loadFailed: 'Failed to load the client feedback',
  loading: 'Loading client feedback...',
  notShared: 'This candidate has not been sent to a client yet.',
  noAnswer: 'No answer from the client yet.',
  sentOn: (when: string, by: string | null) => `Shortlist sent ${when}${by ? ` by ${by}` : ''}`,
  sentTo: 'Sent to',
  decisions: 'Decisions',
  rating: (n: number, of: number) => `Rated ${n} of ${of}`,
  reason: (reason: string) => `Reason: ${reason}`,
  thread: 'Comments',
  threadOf: (when: string) => `Comments on the shortlist sent ${when}`,
  noComments: 'No comments yet.',
  fromClient: 'client',
  fromStaff: 'team',
  withdrawn: 'Withdrawn from this shortlist',
  revoked: 'revoked',
  expired: 'expired',
  reply: 'Reply to the client',
  replyTo: 'Reply to',
  send: 'Send reply',
  sending: 'Sending…',
  replyFailed: 'The reply could not be sent',
  /** Why a share's thread takes no reply (its links cannot be read any more). */
  noReplyWithdrawn: 'The candidate was withdrawn from this shortlist: the client no longer sees them here.',
  noReplyRevoked:
    'Every link of this shortlist was revoked: the client cannot read a reply. Share the shortlist again to write to them.',
  noReplyExpired:
    'This shortlist\'s links have expired: extend one in the job\'s "Sent to the client" list to reply.',
  /** The bell's item after its one-click move. */
  movedTo: (name: string, status: string) => `Moved ${name} to ${status}`,
  rejectedDone: (name: string) => `${name} rejected`,
  alreadyThere: (name: string, status: string) => `${name} is already ${status}: nothing moved`,
} as const;
