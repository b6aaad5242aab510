/**
 * The candidate page's Interviews section and its dialogs, in words (the server's own texts, its errors and
 * the clash's message, are INTERVIEW_MESSAGES in contracts). Kept with the feature, as the review page's are.
 */
export const INTERVIEW_SCREEN_MESSAGES = {
  section: 'Interviews',
  loading: 'Loading interviews...',
  loadFailed: 'Could not load the interviews',
  none: 'No interviews yet',
  upcoming: 'Upcoming',
  past: 'Past',
  schedule: 'Schedule interview',
  scheduleOf: (name: string) => `Schedule interview with ${name}`,
  reschedule: 'Reschedule',
  rescheduleOf: (round: string) => `Reschedule ${round}`,
  cancel: 'Cancel interview',
  cancelOf: (round: string) => `Cancel interview ${round}`,
  cancelTitle: 'Cancel interview',
  cancelQuestion: (round: string, when: string) =>
    `Cancel the ${round} interview on ${when}? The candidate and the interviewers get a cancellation.`,
  cancelling: 'Cancelling...',
  keep: 'Keep it',
  cancelled: 'Cancelled',
  saveFailed: 'Could not save the interview',
  cancelFailed: 'Could not cancel the interview',
  // The dialog's fields.
  scheduleTitle: 'Schedule interview',
  rescheduleTitle: 'Reschedule interview',
  round: 'Round',
  chooseRound: 'Choose a round',
  date: 'Date',
  time: 'Time',
  timeZoneHint: (zone: string) => `In the firm's time zone (${zone})`,
  dateRequired: 'Please choose the day of the interview',
  timeRequired: 'Please enter the time of the interview',
  duration: 'Duration (minutes)',
  durationHint: 'From 1 minute to 8 hours',
  mode: 'Mode',
  location: 'Address',
  videoUrl: 'Video link',
  videoUrlHint: 'A link starting with https://',
  interviewers: 'Interviewers',
  clientInterviewers: 'Client interviewers',
  noContacts: "This job has no client contacts: add them when sharing the job's candidates",
  usersLoading: 'Loading users...',
  choose: 'Choose...',
  note: 'Note for interviewers',
  noteHint: 'Interviewers see it; the candidate does not',
  save: 'Schedule',
  saveChanges: 'Save changes',
  saving: 'Saving...',
  close: 'Cancel',
  // The clash answer, said in words.
  clashTitle: 'Already booked at that time',
  clashLine: (interviewer: string, when: string, candidate: string) =>
    `${interviewer} has an interview with ${candidate} on ${when}`,
  scheduleAnyway: 'Schedule anyway',
  // The list.
  minutes: (n: number) =>
    n % 60 === 0 ? `${n / 60} h` : n > 60 ? `${Math.floor(n / 60)} h ${n % 60} min` : `${n} min`,
  withInterviewers: 'With',
  byWhom: (name: string) => `Scheduled by ${name}`,
  client: 'client',
  interviewsOf: (name: string, when: 'upcoming' | 'past') =>
    `${when === 'upcoming' ? 'Upcoming' : 'Past'} interviews of ${name}`,
} as const;
