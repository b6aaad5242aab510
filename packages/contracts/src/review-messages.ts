/**
 * The client review links' texts, apart from the other messages: the public pages' first download holds
 * messages.ts (the sign-in and page-not-found texts) but none of these, which only the job screens and the
 * review page need.
 */

/** Client review links: a job's client contacts, the links a share sends, and the review page. */
export const REVIEW_MESSAGES = {
  contactNameRequired: "Please enter the contact's name",
  contactEmailInvalid: 'Please enter a valid e-mail address for the contact',
  contactExists: 'This e-mail address is already a client contact of this job',
  contactNotFound: 'Client contact not found',
  contactRemoved: 'Client contact removed',
  /** A share named a contact that is not one of the job's. */
  contactsNotOfJob: "Choose client contacts of this job only: one of them is not on this job's list",
  noContactPermission: "You don't have permission to change this job's client contacts",
  noLinkPermission: "You don't have permission to change this job's review links",
  /** A note in a share for a candidate the share does not send. */
  noteNotShared: 'A note can only be written for a candidate in this shortlist',
  linkNotFound:
    'This review link is not valid. Please check the address, or ask the recruiter for a new link.',
  linkExpired: 'This review link has expired. Please ask the recruiter who sent it for a new one.',
  linkRevoked: 'This review link has been withdrawn by the recruiter who sent it.',
  candidateNotInShare: 'This candidate is not part of this shortlist',
  noResume: 'This candidate has no resume to show',
  downloadNotAllowed:
    'The recruiter has not allowed downloading resumes from this page: it can be viewed here',
  /** Who sent a shortlist whose sender's account was removed since. */
  senderUnknown: 'The recruitment team',
  tooManyRequests: 'Too many requests for this review page. Please wait a minute and try again.',
  shareLinkNotFound: 'Review link not found',
  revokedCannotExtend: 'This link was revoked: share the shortlist again to send a new link',
  decisionSaved: 'Your decision has been recorded',
  commentAdded: 'Comment added',
  replyAdded: 'Reply sent to the client',
  /** A staff reply names a link that is not one of this candidate's shares. */
  linkNotOfCandidate: 'This review link did not send this candidate: reply on one of their shares',
  /** A staff reply through a link its client can no longer open. */
  replyLinkRevoked:
    'This review link was revoked: the client cannot read a reply there. Reply through another link of the share',
  replyLinkExpired:
    'This review link has expired: the client cannot read a reply there. Extend the link first, then reply',
  /** A staff reply on a share the candidate was withdrawn from (its pages no longer show them). */
  replyWithdrawn: 'This candidate was withdrawn from that shortlist: its client no longer sees them',
  shareNotFound: 'Shortlist share not found',
  candidateWithdrawn: 'Candidate withdrawn from the shortlist',
  /** The line a review page shows where a withdrawn candidate was. */
  withdrawnLine: (name: string) => `${name} has been withdrawn from this shortlist by the recruiter.`,
  /** The review page's decision form: nothing chosen yet. */
  decisionRequired: 'Please choose a decision',
  /** "Not a fit" needs its reason (the rejection the recruiter may then make is pre-filled with it). */
  reasonRequired: 'Please choose why the candidate is not a fit',
  /** A decision or comment that did not reach the server (the connection dropped): what was typed is kept. */
  decisionNotSaved:
    'Your decision could not be saved: please check your connection and try again. Nothing was recorded.',
  commentNotSent:
    'Your comment could not be sent: please check your connection and try again. Nothing was recorded.',
  /** The review page's socket could not join: the link is not valid (any more). */
  joinRefused: 'This review link cannot be followed live: it is not valid any more',
  /** A review page's socket asked for something other than its own share's room. */
  reviewSocketOnly: "A review page's connection can only follow its own shortlist",
  /** A signed-in socket asked for a review room: those are for the review pages' own connections. */
  reviewRoomNotForStaff: "A review page's live updates are for the client's page only",
  /** The bell: a client's answer on a shared candidate. */
  feedbackNotice: (client: string, decision: string, name: string, job: string) =>
    `${client} marked ${name} as ${decision} for ${job}`,
  commentNotice: (client: string, name: string, job: string) => `${client} commented on ${name} for ${job}`,
  /** A share whose links no one opened since it was sent, this many days ago. */
  notOpened: (days: number) => `Not opened by the client in ${days} days`,
  /** The subject of the mail carrying a review link (the spec's subject for a shortlist). */
  mailSubject: (title: string) => `Shortlisted candidates for ${title}`,
  /** The shortlist was recorded, but a mail server refused the mail: it waits in the outbox to be sent again. */
  sharedMailFailed: (n: number) =>
    `${n} shortlisted ${n === 1 ? 'candidate' : 'candidates'} marked shared, but the mail to the client could not be sent: it waits in the outbox`,
} as const;
