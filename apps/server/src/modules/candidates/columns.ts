import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import {
  CANDIDATE_DEFAULTS,
  CANDIDATE_SOURCES,
  normalEmail,
  parseId,
  toNumberOrNull,
  type CandidateCreate,
  type ShareBody,
} from '@portal/contracts';
import { phoneKey } from '../../lib/phones.ts';
import { JOINED_COLUMNS } from './model.ts';

/** Row-level helpers of the candidates service: queries, references and the form → columns mapping. */

type Db = Knex | Knex.Transaction;

/**
 * `write` for each batch in turn, each sent before the previous one's answer is back. On a transaction's
 * one connection the statements still run one at a time and in this order, but the app makes the next
 * (its rows, SQL and escaped values: most of an INSERT's processor time) while the database runs the one
 * before. At most two are under way, so a 50,000-row import never holds all its statements at once.
 */
export async function overlapped<T, R>(batches: T[], write: (batch: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let previous: Promise<R> | undefined;
  for (const batch of batches) {
    const next = write(batch);
    // Its failure is taken where it is awaited (next turn or after the loop), not reported as unhandled meanwhile.
    next.catch(() => undefined);
    if (previous) results.push(await previous);
    previous = next;
  }
  if (previous) results.push(await previous);
  return results;
}

/**
 * `n` version 7 UUIDs (RFC 9562), their random bits drawn in one call: milliseconds since 1970 first, random
 * bits after. A new candidate's uuid then lands at the end of the uuid index rather than on a random page of it: at a million candidates a
 * bulk import of 5,000 random (version 4) uuids read thousands of index pages from disk.
 */
export function timeOrderedUuids(n: number, now = Date.now()): string[] {
  const all = randomBytes(16 * n);
  const out: string[] = new Array(n);
  for (let k = 0; k < n; k++) {
    const bytes = all.subarray(16 * k, 16 * k + 16);
    bytes.writeUIntBE(now, 0, 6);
    bytes[6] = (bytes[6]! & 0x0f) | 0x70;
    bytes[8] = (bytes[8]! & 0x3f) | 0x80;
    const hex = bytes.toString('hex');
    out[k] =
      `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  }
  return out;
}

/** Candidates `ids` with their job's and creator's columns, in no order. */
export function selectCandidates(db: Db) {
  return db('candidates as c')
    .join('jobs as j', 'j.id', 'c.job_id')
    .leftJoin('users as u', 'u.id', 'c.created_by_id')
    .select('c.*', ...JOINED_COLUMNS)
    .select(
      db.raw('(SELECT COUNT(*) FROM candidates pc WHERE pc.person_id = c.person_id) as applications_count'),
    );
}

/** A candidate in a URL: its uuid or its number (`parseId`'s digits). */
export const whereRef = (q: Knex.QueryBuilder, ref: string, column = 'c') => {
  const id = parseId(ref);
  return id !== null ? q.where(`${column}.id`, id) : q.where(`${column}.uuid`, ref.toLowerCase());
};

/** Candidates named in a body (numbers, uuids, or records holding either), as ids and uuids. */
export function splitRefs(refs: NonNullable<ShareBody['candidates']>) {
  const ids: number[] = [];
  const uuids: string[] = [];
  for (const ref of refs) {
    if (typeof ref === 'number') ids.push(ref);
    else if (typeof ref === 'string') {
      const id = parseId(ref);
      if (id !== null) ids.push(id);
      else uuids.push(ref.toLowerCase());
    } else {
      if (ref.id !== undefined) ids.push(ref.id);
      if (ref.uuid !== undefined) uuids.push(ref.uuid.toLowerCase());
    }
  }
  return { ids, uuids };
}

/** "4.25" → 4.3: experience is kept with one decimal. */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** The source as stored, whatever case a sheet wrote it in; null when it is none of those the requirements list. */
export const sourceOf = (value: string | undefined): string | null => {
  if (value === undefined || value.trim() === '') return CANDIDATE_DEFAULTS.source;
  return CANDIDATE_SOURCES.find((s) => s.toLowerCase() === value.trim().toLowerCase()) ?? null;
};

/** The form's fields as columns (numbers from text, e-mail lower-cased, phone's key for the duplicate rule). */
export function toColumns(input: Omit<CandidateCreate, 'status'> & { source?: string }) {
  const source = sourceOf(input.source) ?? CANDIDATE_DEFAULTS.source;
  const text = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());
  return {
    name: input.name.trim(),
    email: normalEmail(input.email),
    phone: input.phone.trim(),
    phone_key: phoneKey(input.phone),
    experience: oneDecimal(toNumberOrNull(input.experience) ?? 0),
    current_company: text(input.current_company),
    current_ctc: toNumberOrNull(input.current_ctc),
    expected_ctc: toNumberOrNull(input.expected_ctc),
    notice_period: toNumberOrNull(input.notice_period),
    current_location: text(input.current_location),
    preferred_location: text(input.preferred_location),
    // 0 is no job's id: a bulk row's text past MAX_ID (its rows are checked without parseId) is reported
    // by the job lookup, as an unknown job.
    job_id: parseId(input.job_id) ?? 0,
    source,
    // Referred By belongs to referrals only (the form hides it otherwise).
    referred_by: source === 'Referral' ? text(input.referred_by) : null,
    notes: text(input.notes),
    resume_url: text(input.resume_url),
    image_url: text(input.image_url),
  };
}
export type Columns = ReturnType<typeof toColumns>;
