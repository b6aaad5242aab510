/**
 * The people a bulk import's rows name already (the duplicate rule: same e-mail, else same phone), read a
 * batch at a time, with the jobs each is in: a row of a known person for a job they are not in becomes an
 * application of theirs, one for a job they are in is a duplicate.
 */
import type { Knex } from 'knex';
import { chunks, LOOKUP_BATCH } from '../../db/dialect.ts';
import { int } from '../../lib/rows.ts';
import type { PersonRow } from '../people/model.ts';
import type { CandidateRow } from './model.ts';
import type { Columns } from './columns.ts';

export interface KnownPeople {
  /** The person a row names, and which of its fields found them. */
  personOf(columns: Columns): { person: PersonRow; field: 'email' | 'phone' } | undefined;
  /** Whether the person has an application in the job (stored, or added earlier in this file). */
  isIn(personId: number, jobId: number): boolean;
  /** Records that the file adds the person to the job. */
  add(personId: number, jobId: number): void;
}

export async function knownPeople(db: Knex, rows: { columns: Columns }[]): Promise<KnownPeople> {
  const lookup = async (column: 'email' | 'phone_key', values: string[]) => {
    const found: PersonRow[] = [];
    for (const batch of chunks([...new Set(values)], LOOKUP_BATCH))
      found.push(...(await db<PersonRow>('people').whereIn(column, batch)));
    return found;
  };
  const [byEmailRows, byPhoneRows] = await Promise.all([
    lookup(
      'email',
      rows.map((r) => r.columns.email),
    ),
    lookup('phone_key', rows.map((r) => r.columns.phone_key).filter(Boolean)),
  ]);
  const byEmail = new Map(byEmailRows.map((p) => [p.email, p]));
  const byPhone = new Map(byPhoneRows.map((p) => [p.phone_key, p]));
  const ids = [...new Set([...byEmailRows, ...byPhoneRows].map((p) => int(p.id)))];
  const jobs = new Set<string>();
  for (const batch of chunks(ids, LOOKUP_BATCH)) {
    const applications: Pick<CandidateRow, 'person_id' | 'job_id'>[] = await db<CandidateRow>('candidates')
      .whereIn('person_id', batch)
      .select('person_id', 'job_id');
    for (const a of applications) jobs.add(`${int(a.person_id)}:${int(a.job_id)}`);
  }
  return {
    personOf(columns) {
      const byMail = byEmail.get(columns.email);
      if (byMail) return { person: byMail, field: 'email' };
      const byKey = columns.phone_key ? byPhone.get(columns.phone_key) : undefined;
      return byKey ? { person: byKey, field: 'phone' } : undefined;
    },
    isIn: (personId, jobId) => jobs.has(`${personId}:${jobId}`),
    add: (personId, jobId) => void jobs.add(`${personId}:${jobId}`),
  };
}
