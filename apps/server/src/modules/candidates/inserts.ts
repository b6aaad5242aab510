/**
 * Writing new candidates: rows inserted in parts with their first history entry, search words and counts,
 * and the history entries every status change adds.
 */
import type { Knex } from 'knex';
import { chunks, insertAll, insertReturningIds, rowsPerInsert } from '../../db/dialect.ts';
import type { UnitOfWork } from '../../events.ts';
import { bumpCounts } from './counts.ts';
import { indexNames } from './search.ts';
import { overlapped, timeOrderedUuids, type Columns } from './columns.ts';
import type { CandidateNotifier } from '../notifications/service.ts';
import { placeAtColumnEnds } from './positions.ts';
import { recountCandidates } from '../analytics/aggregates.ts';
import { createPeople, personColumnsOf } from '../people/store.ts';

type Db = Knex | Knex.Transaction;

/**
 * Candidates and their history entries one INSERT carries (on MySQL; SQLite takes fewer): a statement of a
 * few hundred kilobytes, whose rows and SQL the garbage collector takes back while they are young.
 */
const insertBatch = (db: Db) => rowsPerInsert(db as Knex, 1000);

/**
 * How `insertRows` parts its rows, each part written with its words, counts and history before the next.
 * Up to ONE_PART rows are one part: their statements are few and overlap (a 5,000-row import's time). A
 * larger import goes WRITE_PART rows at a time: what a part makes along the way (statements, entries, rows
 * read back for the figures) then dies in the young generation. In parts of 1,000 or more it lived long
 * enough to reach the old one, where a 50,000-row import's garbage piled up until the end of the call.
 */
export const ONE_PART = 5000;
export const WRITE_PART = 250;

/**
 * A new application's row: the form's columns, its status and answers, and the person it is of (a person
 * already on file), or none: then a new person is made of the row's own columns.
 */
export type NewRow = Columns & { status: string; job_answers?: string | null; person_id?: number };

/** A row as written: its new id and uuid, and its person's id. */
export type Inserted<R> = { id: number; uuid: string; personId: number; row: R };

/** Adds history entries (a status change's, an application's, a new candidate's first) and recounts their candidates. */
export async function recordHistory(
  trx: Db,
  entries: {
    candidate_id: number;
    from_status: string | null;
    to_status: string;
    changed_by_id: number | null;
    reason?: string;
    stage?: string;
    comments?: string;
    kind?: 'status' | 'application';
    job_id?: number;
    resume_url?: string | null;
    application_reference?: string;
  }[],
) {
  const at = new Date();
  for (const batch of chunks(entries, insertBatch(trx))) {
    await insertAll(
      trx,
      'candidate_history',
      batch.map((e) => ({ ...e, changed_at: at })),
    );
  }
  await recountCandidates(trx, [...new Set(entries.map((e) => e.candidate_id))]);
}

/**
 * Inserts rows in batches with their first history entry; `actorId` null for an applicant (no account).
 * The rows are written a part at a time (`ONE_PART`, `WRITE_PART`): their words, counts and history go
 * before the next part's rows, and `onPart` (a bulk import) is handed each part as it is written, so that what a part
 * makes along the way is let go of before the next part's. Without `onPart` the inserted rows are returned.
 */
export async function insertRows<R extends NewRow>(
  notify: CandidateNotifier,
  uow: UnitOfWork,
  rows: R[],
  actorId: number | null,
  onPart?: (part: Inserted<R>[]) => void | Promise<void>,
): Promise<Inserted<R>[]> {
  const { trx } = uow;
  const now = new Date();
  const inserted: Inserted<R>[] = [];
  // Every job's lock is taken here, in id order, before any row is written (see positions.ts).
  const placed = await placeAtColumnEnds(trx, rows, now);
  // The rows' own columns, then those this write gives every row.
  const named = new Set<string>();
  for (const row of rows) for (const column in row) named.add(column);
  const given = [
    'person_id',
    'position',
    'stage_entered_at',
    'uuid',
    'job_answers',
    'created_by_id',
    'version',
  ];
  const own = [...named].filter((column) => !given.includes(column));
  const columns = [...own, ...given, 'created_at', 'updated_at'];
  // Who is told of the new candidates (once, after every part): a job's people, one notification each.
  const added: { id: number; uuid: string; name: string; jobId: number }[] = [];
  for (const part of chunks(rows, rows.length <= ONE_PART ? ONE_PART : WRITE_PART)) {
    const written: Inserted<R>[] = [];
    // The part's rows of no one on file are people first: each application names its person.
    const unknown = part.filter((row) => row.person_id === undefined);
    const personIds = await createPeople(trx, unknown.map(personColumnsOf), now);
    const personOf = new Map(unknown.map((row, k) => [row, personIds[k]!]));
    const batches = chunks(part, insertBatch(trx));
    const uuidsOf = await overlapped(batches, async (batch) => {
      const uuids = timeOrderedUuids(batch.length);
      const ids = await insertReturningIds(
        trx,
        'candidates',
        columns,
        batch.map((row, k) => {
          const values: unknown[] = own.map((column) => row[column as keyof R]);
          const { position, stage_entered_at } = placed.get(row)!;
          const personId = row.person_id ?? personOf.get(row)!;
          values.push(
            personId,
            position,
            stage_entered_at,
            uuids[k],
            row.job_answers ?? null,
            actorId,
            1,
            now,
            now,
          );
          return values;
        }),
        'uuid',
      );
      return { uuids, ids };
    });
    batches.forEach((batch, b) => {
      const { uuids, ids } = uuidsOf[b]!;
      batch.forEach((row, k) => {
        placed.delete(row);
        written.push({ id: ids[k]!, uuid: uuids[k]!, personId: row.person_id ?? personOf.get(row)!, row });
      });
    });
    // Three tables, none reading another: their statements go out together (see `overlapped`).
    await Promise.all([
      indexNames(
        trx,
        written.map(({ id, row }) => ({ id, name: row.name })),
      ),
      bumpCounts(
        trx,
        written.map(({ id, row }) => ({
          id,
          job_id: row.job_id,
          status: row.status,
          source: row.source,
          created_by_id: actorId,
          n: 1,
        })),
      ),
      recordHistory(
        trx,
        written.map(({ id, row }) => ({
          candidate_id: id,
          from_status: null,
          to_status: row.status,
          changed_by_id: actorId,
        })),
      ),
    ]);
    for (const { id, uuid, row } of written) added.push({ id, uuid, name: row.name, jobId: row.job_id });
    if (onPart) await onPart(written);
    else inserted.push(...written);
  }
  await notify.candidatesAdded(uow, { candidates: added, actorId });
  return inserted;
}
