/**
 * The writes every way of adding or changing a candidate shares: the duplicate rule, the job applied to,
 * inserting rows with their first history entry, the search words and the counts, and a status move.
 */
import type { Knex } from 'knex';
import {
  CANDIDATE_MESSAGES as M,
  normalEmail,
  type Candidate,
  type CandidateStatus,
  type RejectionDetails,
} from '@portal/contracts';
import { invalid } from '../../errors.ts';
import { chunks, insertAll, insertReturningIds, rowsPerInsert } from '../../db/dialect.ts';
import type { UnitOfWork } from '../../events.ts';
import type { Caller } from '../../lib/caller.ts';
import { phoneKey } from '../../lib/phones.ts';
import { bumpCounts } from './counts.ts';
import { indexNames } from './search.ts';
import { overlapped, timeOrderedUuids, type Columns } from './columns.ts';
import type { CandidateAccess } from './access.ts';
import { recordCandidateChange } from './changes.ts';
import type { CandidateNotifier } from '../notifications/service.ts';
import { enterColumn, placeAtColumnEnds, type EnteredColumns } from './positions.ts';
import { int, intOrNull } from '../../lib/rows.ts';
import { questionsOf, type CandidateRow, type JobQuestionsRow } from './model.ts';

/** The candidate as stored after a change, as those told of it read it (its name, job and creator). */
type StoredCandidate = Pick<CandidateRow, 'id' | 'uuid' | 'name' | 'job_id' | 'created_by_id'>;
import { recountCandidates } from '../analytics/aggregates.ts';

type Db = Knex | Knex.Transaction;

/** A stored candidate as the counts group it (counts.ts); the caller adds how many it counts for. */
export const countedAs = (
  row: Pick<CandidateRow, 'id' | 'job_id' | 'status' | 'source' | 'created_by_id'>,
) => ({
  id: int(row.id),
  job_id: int(row.job_id),
  status: row.status as string,
  source: row.source,
  created_by_id: intOrNull(row.created_by_id),
});

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

/** What a status change writes beside the status: columns of its own (a rejection's), the history entry's reason. */
type StatusExtra = {
  columns?: { position?: string; rejection_reason?: string; rejection_details?: string };
  reason?: string;
  stage?: string;
  comments?: string;
};

/** A row as written: its new id and uuid. */
export type Inserted<R> = { id: number; uuid: string; row: R };

export function createCandidateWrites({
  access: { getCandidate },
  notify,
}: {
  access: CandidateAccess;
  notify: CandidateNotifier;
}) {
  /**
   * The one duplicate rule (contracts `normalEmail`, `phoneKey`): same e-mail, or same phone number. Says
   * which matched (the e-mail first, when both match) and whose record it is.
   */
  async function findDuplicate(
    trx: Db,
    email: string,
    phone: string,
    excludeId?: number,
  ): Promise<{ message: string; field: 'email' | 'phone'; candidateId: number; jobId: number } | null> {
    const key = phoneKey(phone);
    const byField = async (field: 'email' | 'phone') => {
      const q = trx('candidates').where(
        field === 'email' ? { email: normalEmail(email) } : { phone_key: key },
      );
      if (excludeId) q.whereNot('id', excludeId);
      const row: Pick<CandidateRow, 'id' | 'job_id'> | undefined = await q.first('id', 'job_id');
      if (!row) return null;
      const message = field === 'email' ? M.duplicateEmail : M.duplicatePhone;
      return { message, field, candidateId: int(row.id), jobId: int(row.job_id) };
    };
    return (email.trim() ? await byField('email') : null) ?? (key ? await byField('phone') : null);
  }

  /** The job a candidate applies to, with its questions; 400 when it does not exist. */
  async function jobOf(trx: Db, jobId: number): Promise<{ id: number; questions: string[] }> {
    const job: JobQuestionsRow | undefined = await trx('jobs').where({ id: jobId }).first('id', 'questions');
    if (!job) throw invalid(M.unknownJob);
    return { id: jobId, questions: questionsOf(job) };
  }

  async function recordHistory(
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

  async function actorName(trx: Db, actor: Caller): Promise<string | null> {
    return (await actorNames(trx, actor)).username;
  }

  /**
   * The rejection details a rejection stores: what the rejecter gave, and who and when from the session and
   * the clock. `rejected_by` is the username (as the API has always said); `rejected_by_name` is the name
   * the screens show.
   */
  async function rejectionOf(
    trx: Db,
    actor: Caller,
    given: { reason: string; stage: string; comments: string },
    at: Date,
  ): Promise<RejectionDetails> {
    const who = await actorNames(trx, actor);
    return {
      reason: given.reason,
      stage: given.stage,
      comments: given.comments.trim(),
      rejected_by: who.username,
      rejected_by_name: who.name,
      rejected_at: at.toISOString(),
    };
  }

  /** Who acts, both ways: the username the API's `…_by` fields carry and the name screens show. */
  async function actorNames(
    trx: Db,
    actor: Caller,
  ): Promise<{ username: string | null; name: string | null }> {
    const row: { username: string; name: string } | undefined = await trx('users')
      .where({ id: actor.id })
      .first('username', 'name');
    return row ? { username: row.username, name: row.name } : { username: null, name: null };
  }

  /**
   * A status change's writes: the row (status, place, version), its counts and its history entry. Returns
   * the columns it set on entering the column (`enterColumn`).
   */
  async function changeStatus(
    trx: Db,
    row: CandidateRow,
    to: CandidateStatus,
    actor: Caller,
    extra: StatusExtra,
    now = new Date(),
  ): Promise<EnteredColumns> {
    const id = int(row.id);
    const entered = await enterColumn(trx, row, to, actor.id, now, extra.columns);
    await trx('candidates')
      .where({ id })
      .update({
        status: to,
        ...entered,
        ...extra.columns,
        updated_at: now,
        version: trx.raw('version + 1'),
      });
    await recordCandidateChange(trx, id, actor.id, ['status']);
    const was = countedAs(row);
    await bumpCounts(trx, [
      { ...was, n: -1 },
      { ...was, status: to, n: 1 },
    ]);
    await recordHistory(trx, [
      {
        candidate_id: id,
        from_status: row.status,
        to_status: to,
        changed_by_id: actor.id,
        ...(extra.reason ? { reason: extra.reason, stage: extra.stage, comments: extra.comments } : {}),
      },
    ]);
    return entered;
  }

  /**
   * Those who look after the candidate hear of the change (not the actor). `row` is the candidate before
   * it; `stored`, the candidate as stored after it (its name, job and creator), which is not read again.
   */
  const notifyChanged = (
    uow: UnitOfWork,
    row: CandidateRow,
    to: CandidateStatus,
    actor: Caller,
    stored: StoredCandidate,
  ) =>
    notify.candidateChanged(uow, {
      candidateId: int(row.id),
      candidate: {
        id: stored.id,
        uuid: stored.uuid,
        name: stored.name,
        job_id: stored.job_id,
        created_by_id: stored.created_by_id,
      },
      actorId: actor.id,
      from: row.status,
      to,
    });

  /** A status change or rejection: the row, its history entry and its event, in the caller's unit. */
  async function moveTo(
    uow: UnitOfWork,
    row: CandidateRow,
    to: CandidateStatus,
    actor: Caller,
    extra: StatusExtra = {},
  ): Promise<Candidate> {
    const { trx, emit } = uow;
    const now = new Date();
    await changeStatus(trx, row, to, actor, extra, now);
    const candidate = await getCandidate(row.uuid, actor, trx);
    emit('candidate.status_changed', {
      candidateId: int(row.id),
      uuid: candidate.uuid,
      jobId: candidate.job_id,
      from: row.status,
      to,
      version: candidate.version,
      changedBy: await actorName(trx, actor),
      at: now.toISOString(),
    });
    await notifyChanged(uow, row, to, actor, candidate);
    return candidate;
  }

  /**
   * A status change made by a move on the pipeline board: the same writes and notifications as `moveTo`,
   * without its read of the candidate or its `candidate.status_changed`. The move tells it in its own
   * `candidate.moved` (one message per move to the job's room, which every open board shares). Returns
   * when the candidate entered the column, as kept.
   */
  async function moveOnBoard(
    uow: UnitOfWork,
    row: CandidateRow,
    to: CandidateStatus,
    actor: Caller,
    extra: StatusExtra,
    now: Date,
  ): Promise<Date> {
    const entered = await changeStatus(uow.trx, row, to, actor, extra, now);
    // A move changes no name, job or creator: the row as locked is the candidate as stored.
    await notifyChanged(uow, row, to, actor, row);
    return entered.stage_entered_at;
  }

  /**
   * Inserts rows in batches with their first history entry; `actorId` null for an applicant (no account).
   * The rows are written a part at a time (`ONE_PART`, `WRITE_PART`): their words, counts and history go
   * before the next part's rows, and `onPart` (a bulk import) is handed each part as it is written, so that what a part
   * makes along the way is let go of before the next part's. Without `onPart` the inserted rows are returned.
   */
  async function insertRows<R extends Columns & { status: string; job_answers?: string | null }>(
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
    const given = ['position', 'stage_entered_at', 'uuid', 'job_answers', 'created_by_id', 'version'];
    const own = [...named].filter((column) => !given.includes(column));
    const columns = [...own, ...given, 'created_at', 'updated_at'];
    // Who is told of the new candidates (once, after every part): a job's people, one notification each.
    const added: { id: number; uuid: string; name: string; jobId: number }[] = [];
    for (const part of chunks(rows, rows.length <= ONE_PART ? ONE_PART : WRITE_PART)) {
      const written: Inserted<R>[] = [];
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
            values.push(position, stage_entered_at, uuids[k], row.job_answers ?? null, actorId, 1, now, now);
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
          written.push({ id: ids[k]!, uuid: uuids[k]!, row });
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

  return {
    findDuplicate,
    jobOf,
    actorNames,
    rejectionOf,
    moveTo,
    moveOnBoard,
    insertRows,
    recordHistory,
    notify,
  };
}
export type CandidateWrites = ReturnType<typeof createCandidateWrites>;
