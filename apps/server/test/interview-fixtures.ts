/** Interviews' test helpers: starts in the firm's offset, and the .ics of an outbox mail read by ical.js. */
import ICAL from 'ical.js';
import type { Knex } from 'knex';

/** A start `days` ahead at `time` in India (+05:30), as a form sends it, and the same instant in UTC. */
export function istStart(days: number, time = '10:00'): { start: string; utc: string } {
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const start = `${day}T${time}:00+05:30`;
  return { start, utc: new Date(start).toISOString() };
}

/** One invitation's calendar as a calendar program reads it (ical.js, not string matching). */
export function readCalendar(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    /** In UTC (Z) as written. */
    start: event.startDate.toString(),
    end: event.endDate.toString(),
    startIsUtc: event.startDate.zone?.tzid === 'UTC',
    summary: event.summary,
    description: event.description,
    location: event.location,
    organizer: String(vevent.getFirstPropertyValue('organizer')),
    attendees: vevent
      .getAllProperties('attendee')
      .map((p) => String(p.getFirstValue()).replace(/^mailto:/i, '')),
  };
}

/** The outbox mails of one interview (by its UID in the calendar part), oldest first. */
export async function invitationsOf(db: Knex, uid: string) {
  const rows: {
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    icalendar: string;
    icalendar_method: string;
    status: string;
  }[] = await db('mail_outbox').whereNotNull('icalendar').orderBy('id');
  return rows
    .map((row) => ({ ...row, calendar: readCalendar(row.icalendar) }))
    .filter((row) => row.calendar.uid === uid);
}

/** A MIME part: its headers (lower-cased names, unfolded) and its body decoded as its encoding says. */
interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): MimePart {
  const at = raw.indexOf('\r\n\r\n');
  const head = (at < 0 ? raw : raw.slice(0, at)).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: at < 0 ? '' : raw.slice(at + 4) };
}

function decoded(part: MimePart): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  const body = part.body.replace(/\r\n$/, '');
  const bytes =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body
            .replace(/=\r\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        )
      : encoding === 'base64'
        ? Buffer.from(body, 'base64')
        : Buffer.from(body, 'utf8');
  return bytes.toString('utf8');
}

/** Every leaf part of a raw message (multiparts opened, nested ones too), with its content type. */
export function leafParts(raw: string): { contentType: string; text: string }[] {
  const part = splitPart(raw);
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [{ contentType: type, text: decoded(part) }];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leafParts(chunk.replace(/^\r\n/, '')));
}
