/**
 * The staff screens' words for review links: the share preview's recipients and options, the links it
 * answers (shown once), a job's client contacts, and the "Sent to the client" list with its actions.
 * A module of their own, apart from REVIEW_MESSAGES (review-messages.ts, which the client review page
 * reads): a bundle keeps a module whole in one chunk, so these words in that file would be part of the
 * public page's download.
 */
export const SHARE_TEXTS = {
  // The share preview.
  contactsLabel: 'Also send to client contacts',
  noContacts: "This job has no client contacts: add them on the job's details to send them a link too.",
  clientAlways: '(the job’s client: always)',
  optionsHeading: 'What the link shows',
  expiryLabel: 'Link expires after (days)',
  expiryHint: (max: number) => `From 1 to ${max} days`,
  showContactDetails: 'Show contact details (phone, e-mail)',
  allowDownload: 'Allow resume download',
  allowDownloadHint: 'Off: resumes can be viewed on the page only',
  notesHeading: 'Notes for the client (optional)',
  noteLabel: (name: string) => `Note on ${name}`,
  // The result: each recipient's link, shown once.
  resultTitle: 'Review links',
  shownOnce:
    'Each link is shown only now: copy one to send it another way (phone, WhatsApp). It cannot be shown again later.',
  mailSent: 'Each recipient was sent their link by e-mail.',
  mailQueued: 'The e-mails wait in the outbox and have not gone out yet: copy a link to send it yourself.',
  linkFor: (name: string) => `Review link for ${name}`,
  copyLink: 'Copy link',
  copied: 'Link copied',
  /** The browser would not copy: the field is selected instead. */
  copyByHand: 'The link is selected: press Ctrl+C (⌘C on a Mac, or long-press on a phone) to copy it.',
  expiresOn: (date: string) => `Expires ${date}`,
  done: 'Done',
  // A job's client contacts.
  contactsHeading: 'Client Contacts',
  contactsEmpty: 'No client contacts yet',
  contactAddedBy: (name: string) => `Added by ${name}`,
  contactName: 'Contact name',
  contactEmail: 'Contact e-mail',
  addContact: 'Add Contact',
  adding: 'Adding...',
  removeContact: 'Remove',
  removeContactTitle: 'Remove client contact',
  removeContactConfirm: (name: string, email: string) =>
    `Remove ${name} <${email}> from this job's client contacts? Links already sent to them keep working.`,
  removing: 'Removing...',
  contactsLoadFailed: "Could not load the job's client contacts",
  // The "Sent to the client" list.
  sentHeading: 'Sent to the client',
  linksHeading: 'Review links',
  candidatesHeading: 'Candidates',
  sent: 'Sent',
  firstOpened: 'First opened',
  lastOpened: 'Last opened',
  views: 'Views',
  decisions: 'Decisions',
  expires: 'Expires',
  revoked: 'Revoked',
  never: 'Not yet',
  expired: 'Expired',
  revoke: 'Revoke',
  revoking: 'Revoking...',
  revokeTitle: 'Revoke review link',
  revokeConfirm: (name: string, email: string) =>
    `Revoke the link sent to ${name} <${email}>? It stops working at once, also on a page open now.`,
  linkRevoked: 'Review link revoked',
  extend: 'Extend',
  extendTitle: 'Extend review link',
  extendLabel: 'Days from now',
  extendSubmit: 'Extend Link',
  extending: 'Extending...',
  linkExtended: (date: string) => `Review link extended until ${date}`,
  withdraw: 'Withdraw',
  withdrawing: 'Withdrawing...',
  withdrawTitle: 'Withdraw candidate',
  withdrawConfirm: (name: string) =>
    `Withdraw ${name} from this shortlist? The client's review pages drop them at once, with a line saying so.`,
  withdrawn: 'Withdrawn',
} as const;
