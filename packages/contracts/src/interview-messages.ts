/** Interviews' texts: the schedule form's errors, the clash answer, the bell and the invitations. */
import { INTERVIEW_LIMITS } from './interview-constants.ts';

export const INTERVIEW_MESSAGES = {
  notFound: 'Interview not found',
  noPermission: "You don't have permission to schedule interviews for this candidate",
  roundRequired: 'Please choose the interview round',
  /** The round is not one of the job's interview rounds (or the job has none). */
  roundNotOfJob: "Choose one of this job's interview rounds",
  noRounds: 'This job has no interview rounds: add them on the job first',
  startInvalid:
    'Please enter the start as a date and time with its time zone (like 2026-12-01T10:00:00+05:30)',
  startInPast: 'The interview must start in the future',
  durationInvalid: `The duration must be from ${INTERVIEW_LIMITS.durationMin} to ${INTERVIEW_LIMITS.durationMax} minutes`,
  modeRequired: 'Please choose how the interview takes place',
  locationRequired: 'Please enter the address of an interview in person',
  videoUrlRequired: 'Please enter the link of the video call',
  videoUrlInvalid: 'The video link must be a web address starting with https://',
  interviewersRequired: 'Please choose at least one interviewer',
  /** An interviewer id that is not an active user. */
  interviewerNotUser: 'One of the interviewers is not an active user',
  /** A client contact id that is not one of this job's. */
  contactNotOfJob: "Choose client contacts of this job only: one of them is not on this job's list",
  tooManyInterviewers: `An interview can have at most ${INTERVIEW_LIMITS.interviewers} interviewers`,
  /** The 409 when an interviewer is booked at an overlapping time (the answer's `clashes` name them). */
  clash: (names: string[]) =>
    `${names.join(', ')} ${names.length === 1 ? 'has' : 'have'} another interview at that time. Schedule anyway?`,
  alreadyCancelled: 'This interview was already cancelled',
  cancelledCannotChange: 'This interview was cancelled: schedule a new one instead',
  scheduled: 'Interview scheduled: the invitations are on their way',
  rescheduled: 'Interview rescheduled: the updated invitations are on their way',
  cancelled: 'Interview cancelled: the cancellations are on their way',
  /** The bell of a staff interviewer. */
  bellScheduled: (candidate: string, job: string, when: string) =>
    `Interview with ${candidate} (${job}) on ${when}`,
  bellChanged: (candidate: string, job: string, when: string) =>
    `Interview with ${candidate} (${job}) moved to ${when}`,
  bellCancelled: (candidate: string, job: string, when: string) =>
    `Interview with ${candidate} (${job}) on ${when} was cancelled`,
  /** The invitations' subjects (text: the names are the candidate's and job's as typed). */
  mailSubjectScheduled: (round: string, job: string) => `Interview invitation: ${round}, ${job}`,
  mailSubjectChanged: (round: string, job: string) => `Interview rescheduled: ${round}, ${job}`,
  mailSubjectCancelled: (round: string, job: string) => `Interview cancelled: ${round}, ${job}`,
} as const;

/** What each mode is called on screens and in the invitations. */
export const INTERVIEW_MODE_LABELS = {
  in_person: 'In person',
  phone: 'Phone',
  video: 'Video call',
} as const;

export const INTERVIEW_STATUS_LABELS = {
  scheduled: 'Scheduled',
  cancelled: 'Cancelled',
} as const;
