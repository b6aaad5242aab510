/**
 * Interview invitations: one mail per person (the candidate and every interviewer), each with an
 * RFC 5545 iCalendar part written by ical-generator: METHOD:REQUEST with the interview's stable UID and its
 * SEQUENCE (raised on every change, so calendars replace their copy), METHOD:CANCEL once cancelled. Times are
 * UTC in the file; the mails' text says them in the firm's time zone. Every name and field is text: the HTML
 * part escapes it.
 */
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import {
  APP_TIME_ZONE,
  INTERVIEW_MESSAGES as M,
  INTERVIEW_MODE_LABELS,
  interviewTimeText,
  type Interview,
  type Interviewer,
} from '@portal/contracts';
import { escapeHtml } from '../../lib/html.ts';
import type { Mail } from '../../lib/mailer.ts';

/** What an invitation tells of: the interview, its uid, and the candidate's address (not in the API's shape). */
export interface InvitationSubject {
  interview: Interview;
  uid: string;
  candidateEmail: string;
}

export type InvitationKind = 'scheduled' | 'changed' | 'cancelled';

/** "Name <address>" (MAIL_FROM) as the organizer: its name and address. */
export function organizerOf(from: string): { name: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  if (match) return { name: match[1]!.trim() || match[2]!.trim(), email: match[2]!.trim() };
  return { name: from.trim(), email: from.trim() };
}

/** Where the interview is, as a calendar and a reader want it: the address, the call's link, or "Phone". */
const placeOf = (i: Interview) =>
  i.mode === 'in_person'
    ? (i.location ?? '')
    : i.mode === 'video'
      ? (i.videoUrl ?? '')
      : INTERVIEW_MODE_LABELS.phone;

/** The lines of a mail's text (and, escaped, of its HTML); the note is for the interviewers only. */
function detailLines(i: Interview, forInterviewer: boolean, kind: InvitationKind): string[] {
  const when = `${interviewTimeText(i.start, APP_TIME_ZONE)} (${APP_TIME_ZONE}), ${i.durationMinutes} minutes`;
  const heading =
    kind === 'cancelled'
      ? `The interview below has been cancelled.`
      : kind === 'changed'
        ? `The interview below has been rescheduled or changed. The calendar invitation is updated.`
        : `You are invited to an interview.`;
  return [
    heading,
    '',
    `Round: ${i.round}`,
    `Position: ${i.jobTitle}`,
    `Candidate: ${i.candidateName}`,
    `When: ${when}`,
    `How: ${INTERVIEW_MODE_LABELS[i.mode]}`,
    ...(i.mode === 'in_person' && i.location ? [`Where: ${i.location}`] : []),
    ...(i.mode === 'video' && i.videoUrl ? [`Link: ${i.videoUrl}`] : []),
    `Interviewers: ${i.interviewers.map((p) => p.name).join(', ')}`,
    ...(forInterviewer && i.note ? ['', `Note for the interviewers: ${i.note}`] : []),
  ];
}

/** The .ics text of one invitation (the same event for every attendee; the description is the audience's). */
export function calendarOf(
  subject: InvitationSubject,
  kind: InvitationKind,
  from: string,
  forInterviewer: boolean,
  now = new Date(),
): string {
  const { interview: i, uid, candidateEmail } = subject;
  const cancel = kind === 'cancelled';
  const calendar = ical({
    prodId: { company: 'Talent & Property Portal', product: 'Interviews', language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  const attendee = (name: string, email: string) => ({
    name,
    email,
    role: ICalAttendeeRole.REQ,
    status: ICalAttendeeStatus.NEEDSACTION,
    rsvp: !cancel,
  });
  calendar.createEvent({
    id: uid,
    sequence: i.sequence,
    stamp: now,
    start: new Date(i.start),
    end: new Date(i.end),
    summary: `${i.round}: ${i.candidateName}, ${i.jobTitle}`,
    description: detailLines(i, forInterviewer, kind).join('\n'),
    location: placeOf(i) || null,
    url: i.mode === 'video' ? i.videoUrl : null,
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: organizerOf(from),
    attendees: [
      attendee(i.candidateName, candidateEmail),
      ...i.interviewers.map((p) => attendee(p.name, p.email)),
    ],
  });
  return calendar.toString();
}

const subjectOf = (i: Interview, kind: InvitationKind) =>
  kind === 'cancelled'
    ? M.mailSubjectCancelled(i.round, i.jobTitle)
    : kind === 'changed'
      ? M.mailSubjectChanged(i.round, i.jobTitle)
      : M.mailSubjectScheduled(i.round, i.jobTitle);

/**
 * The mails of one change: the candidate's (unless `toCandidate` is false) and each interviewer's, each with its
 * calendar part.
 */
export function invitationMails(
  subject: InvitationSubject,
  kind: InvitationKind,
  from: string,
  toCandidate = true,
): Mail[] {
  const { interview: i, candidateEmail } = subject;
  const now = new Date();
  const recipients = [
    ...(toCandidate ? [{ name: i.candidateName, email: candidateEmail, forInterviewer: false }] : []),
    ...i.interviewers.map((p) => ({ name: p.name, email: p.email, forInterviewer: true })),
  ];
  const seen = new Set<string>();
  return recipients.flatMap(({ name, email, forInterviewer }) => {
    const key = email.trim().toLowerCase();
    if (!key || seen.has(key)) return [];
    seen.add(key);
    const lines = [`Dear ${name},`, '', ...detailLines(i, forInterviewer, kind)];
    return [
      {
        to: email,
        subject: subjectOf(i, kind),
        text: lines.join('\n'),
        html: lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : '')).join('\n'),
        calendar: {
          method: kind === 'cancelled' ? 'CANCEL' : 'REQUEST',
          content: calendarOf(subject, kind, from, forInterviewer, now),
        },
      } satisfies Mail,
    ];
  });
}

/**
 * The cancellations for interviewers a change took off the interview (METHOD:CANCEL, the same UID and the new
 * SEQUENCE), so that their calendars drop it while the others' are updated.
 */
export function withdrawnMails(subject: InvitationSubject, removed: Interviewer[], from: string): Mail[] {
  if (removed.length === 0) return [];
  return invitationMails(
    { ...subject, interview: { ...subject.interview, interviewers: removed } },
    'cancelled',
    from,
    false,
  );
}
