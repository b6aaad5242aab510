/**
 * The `people` table's own reads and writes, for every way of adding or changing an application
 * (candidates module) and for the person's routes: new people, the one duplicate rule (same e-mail or same
 * phone), a person's applications, and the lock an edit of a person takes first.
 */
import type { Knex } from 'knex';
import { CANDIDATE_MESSAGES as M, normalEmail, type PersonApplication } from '@portal/contracts';
import { chunks, insertReturningIds, rowsPerInsert } from '../../db/dialect.ts';
import { phoneKey } from '../../lib/phones.ts';
import { int } from '../../lib/rows.ts';
import { timeOrderedUuids } from '../candidates/columns.ts';
import {
  MIRRORED_COLUMNS,
  toPersonApplication,
  type PersonApplicationRow,
  type PersonColumns,
  type PersonRow,
} from './model.ts';

type Db = Knex | Knex.Transaction;

/** The columns of a new person, in the order `createPeople` writes them. */
const NEW_PERSON_COLUMNS = [...MIRRORED_COLUMNS, 'resume_url'] as const;

/** New people, one per row, in batches; returns their ids in the rows' order. */
export async function createPeople(trx: Db, rows: PersonColumns[], now = new Date()): Promise<number[]> {
  const ids: number[] = [];
  for (const batch of chunks(rows, rowsPerInsert(trx as Knex, 1000))) {
    const uuids = timeOrderedUuids(batch.length);
    ids.push(
      ...(await insertReturningIds(
        trx,
        'people',
        ['uuid', ...NEW_PERSON_COLUMNS, 'version', 'created_at', 'updated_at'],
        batch.map((row, k) => [uuids[k], ...NEW_PERSON_COLUMNS.map((c) => row[c]), 1, now, now]),
        'uuid',
      )),
    );
  }
  return ids;
}

/** A person the duplicate rule found: who, by which field, with the rule's message. */
export interface FoundPerson {
  personId: number;
  field: 'email' | 'phone';
  message: string;
}

/**
 * The one duplicate rule (contracts `normalEmail`, `phoneKey`): the person with this e-mail, else with
 * this phone number; `exceptPersonId` is the person being edited (their own applications share both).
 */
export async function findPerson(
  db: Db,
  email: string,
  phone: string,
  exceptPersonId?: number,
): Promise<FoundPerson | null> {
  const key = phoneKey(phone);
  const byField = async (field: 'email' | 'phone'): Promise<FoundPerson | null> => {
    const q = db('people').where(field === 'email' ? { email: normalEmail(email) } : { phone_key: key });
    if (exceptPersonId !== undefined) q.whereNot('id', exceptPersonId);
    const row: Pick<PersonRow, 'id'> | undefined = await q.first('id');
    if (!row) return null;
    return { personId: int(row.id), field, message: field === 'email' ? M.duplicateEmail : M.duplicatePhone };
  };
  return (email.trim() ? await byField('email') : null) ?? (key ? await byField('phone') : null);
}

/** A person's applications with their jobs' titles, oldest first. */
export async function applicationsOf(db: Db, personId: number): Promise<PersonApplication[]> {
  const rows: PersonApplicationRow[] = await db('candidates as c')
    .join('jobs as j', 'j.id', 'c.job_id')
    .where('c.person_id', personId)
    .orderBy('c.id')
    .select('c.uuid', 'c.job_id', 'j.title as job_title', 'c.status');
  return rows.map(toPersonApplication);
}

/** The person's row, locked for the transaction; undefined when there is none. */
export const lockPerson = (trx: Knex.Transaction, personId: number): Promise<PersonRow | undefined> =>
  trx<PersonRow>('people').where({ id: personId }).forUpdate().first();

/** A person's columns as a new row gives them (an application's form, a sheet's row, a careers form). */
export const personColumnsOf = (row: PersonColumns): PersonColumns => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  phone_key: row.phone_key,
  experience: row.experience,
  current_company: row.current_company,
  current_ctc: row.current_ctc,
  expected_ctc: row.expected_ctc,
  notice_period: row.notice_period,
  current_location: row.current_location,
  preferred_location: row.preferred_location,
  image_url: row.image_url,
  resume_url: row.resume_url,
});
