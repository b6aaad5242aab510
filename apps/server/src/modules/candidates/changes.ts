/**
 * What each change of a candidate changed: one `candidate_changes` row per version a write makes (who, when,
 * which fields), written in the write's transaction. A save made from an older version is refused with the
 * changes made since, so that the person is told who changed what, and their form can keep what they typed
 * in the fields nobody else touched.
 */
import type { Knex } from 'knex';
import {
  CANDIDATE_MESSAGES as M,
  describeCandidateChanges,
  type CandidateChange,
  type CandidateStatus,
} from '@portal/contracts';
import { conflict, type AppError } from '../../errors.ts';
import { chunks, placeholders, rowsPerInsert } from '../../db/dialect.ts';
import { toCandidateChange, type CandidateChangeRow, type CandidateRow } from './model.ts';

type Db = Knex | Knex.Transaction;

/** The stored columns an edit may change, by the API's field name (the phone's key follows the phone). */
const EDITED_COLUMNS = [
  'name',
  'email',
  'phone',
  'experience',
  'current_company',
  'current_ctc',
  'expected_ctc',
  'notice_period',
  'current_location',
  'preferred_location',
  'job_id',
  'source',
  'referred_by',
  'notes',
  'resume_url',
  'image_url',
  'job_answers',
] as const;
type EditedColumn = (typeof EDITED_COLUMNS)[number];

/** One stored value as compared: blanks are null, numbers compare as numbers (MySQL decimals as text). */
function sameValue(a: unknown, b: unknown): boolean {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return String(a) === String(b);
}

/** Answers as stored (JSON text) or given (an object), compared key by key in any order. */
function sameAnswers(a: unknown, b: unknown): boolean {
  const parse = (v: unknown): Record<string, string> => {
    if (v === null || v === undefined || v === '') return {};
    if (typeof v === 'object') return v as Record<string, string>;
    try {
      return (JSON.parse(String(v)) as Record<string, string> | null) ?? {};
    } catch {
      return {};
    }
  };
  const [x, y] = [parse(a), parse(b)];
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  return [...keys].every((k) => (x[k] ?? '') === (y[k] ?? ''));
}

/** The fields whose stored value `next` changes (the API's names, in the form's order). */
export function changedFields(
  stored: Pick<CandidateRow, EditedColumn>,
  next: { [column in EditedColumn]?: unknown },
): string[] {
  return EDITED_COLUMNS.filter((column) =>
    column === 'job_answers'
      ? !sameAnswers(stored[column], next[column])
      : !sameValue(stored[column], next[column]),
  );
}

/**
 * Records that `actorId` changed `fields` of the candidates, at the version each now has (read after the
 * write, in its transaction, by the INSERT itself). Every write that moves a candidate's version calls it,
 * so that the versions after any given one are all accounted for.
 */
export async function recordCandidateChange(
  trx: Db,
  candidateIds: number | number[],
  actorId: number | null,
  fields: string[],
): Promise<void> {
  const ids = Array.isArray(candidateIds) ? candidateIds : [candidateIds];
  const at = new Date();
  const text = JSON.stringify(fields);
  for (const some of chunks(ids, rowsPerInsert(trx as Knex, 2000))) {
    await trx.raw(
      `INSERT INTO candidate_changes (candidate_id, version, changed_by_id, fields, changed_at)
       SELECT id, version, ?, ?, ? FROM candidates WHERE id IN (${placeholders(some.length)})`,
      [actorId, text, at, ...some],
    );
  }
}

/** The changes that made the candidate's versions after `version`, oldest first, with who made each. */
export async function candidateChangesSince(
  db: Db,
  candidateId: number,
  version: number,
): Promise<CandidateChange[]> {
  const rows: CandidateChangeRow[] = await db('candidate_changes as ch')
    .leftJoin('users as u', 'u.id', 'ch.changed_by_id')
    .where('ch.candidate_id', candidateId)
    .where('ch.version', '>', version)
    .orderBy('ch.version')
    .select('ch.*', 'u.name as user_name', 'u.username as user_username');
  return rows.map(toCandidateChange);
}

/** The changes since the version a write was made from, and whether every version since has its change. */
export interface ChangesSince {
  changes: CandidateChange[];
  complete: boolean;
}

/** The changes since `version` of a candidate now at `nowVersion`. */
export async function changesSince(
  trx: Db,
  candidateId: number,
  version: number,
  nowVersion: number,
): Promise<ChangesSince> {
  const changes = await candidateChangesSince(trx, candidateId, version);
  return { changes, complete: changes.length === nowVersion - version };
}

/**
 * The message of a 409 for a write made from an older version. A status change that met a newer status
 * names who moved it; any other names every change. Versions whose change was not recorded (made before
 * changes were kept) name nobody rather than a guess.
 */
export function staleMessage(
  { changes, complete }: ChangesSince,
  asked: 'edit' | 'status',
  status: CandidateStatus,
): string {
  const statusChange = changes.filter((c) => c.fields.includes('status')).at(-1);
  if (asked === 'status' && statusChange) return M.staleStatus(statusChange.by, status);
  if (complete && changes.length > 0) return M.staleFields(describeCandidateChanges(changes));
  return M.staleEdit(null);
}

/**
 * The one 409 of every candidate write made from an older version (an edit, a status change, a move):
 * the message, the candidate as it is now (`current`: the record, or the card on the board), and the
 * changes since (who, which fields; empty when not all were recorded), so that the screen can show them.
 * `extra` carries what one screen adds (the board's who-and-when).
 */
export function staleCandidateConflict(
  message: string,
  current: object,
  { changes, complete }: ChangesSince,
  extra: Record<string, unknown> = {},
): AppError {
  return conflict(message, { current, changes: complete ? changes : [], ...extra });
}
