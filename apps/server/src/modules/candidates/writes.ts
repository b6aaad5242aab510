/**
 * The writes every way of adding or changing a candidate shares: the duplicate rule, the job applied to,
 * inserting rows with their first history entry, the search words and the counts (inserts.ts), and a
 * status move.
 */
import type { Knex } from 'knex';
import {
  CANDIDATE_MESSAGES as M,
  type Candidate,
  type PersonApplication,
  type CandidateStatus,
  type RejectionDetails,
} from '@portal/contracts';
import { invalid } from '../../errors.ts';
import type { UnitOfWork } from '../../events.ts';
import type { Caller } from '../../lib/caller.ts';
import { int, intOrNull } from '../../lib/rows.ts';
import { bumpCounts } from './counts.ts';
import { applicationsOf, findPerson, type FoundPerson } from '../people/store.ts';
import type { PersonRow } from '../people/model.ts';
import type { CandidateAccess } from './access.ts';
import { recordCandidateChange } from './changes.ts';
import { insertRows, recordHistory, type Inserted, type NewRow } from './inserts.ts';
import type { CandidateNotifier } from '../notifications/service.ts';
import { enterColumn, type EnteredColumns } from './positions.ts';
import { questionsOf, type CandidateRow, type JobQuestionsRow } from './model.ts';

export { ONE_PART, WRITE_PART, type Inserted } from './inserts.ts';

/** The candidate as stored after a change, as those told of it read it (its name, job and creator). */
type StoredCandidate = Pick<CandidateRow, 'id' | 'uuid' | 'name' | 'job_id' | 'created_by_id'>;

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

/** What a status change writes beside the status: columns of its own (a rejection's), the history entry's reason. */
type StatusExtra = {
  columns?: { position?: string; rejection_reason?: string; rejection_details?: string };
  reason?: string;
  stage?: string;
  comments?: string;
};

/** A person the duplicate rule found (people/store.ts), named, with their applications. */
export type Duplicate = FoundPerson & { personName: string; applications: PersonApplication[] };

/**
 * The one duplicate rule: the person with this e-mail, else this phone number (`exceptPersonId`: the
 * person being edited), with their name and applications, so that an answer can offer them.
 */
async function findDuplicate(
  trx: Db,
  email: string,
  phone: string,
  exceptPersonId?: number,
): Promise<Duplicate | null> {
  const found = await findPerson(trx, email, phone, exceptPersonId);
  if (!found) return null;
  const person: Pick<PersonRow, 'name'> | undefined = await trx<PersonRow>('people')
    .where({ id: found.personId })
    .first('name');
  return {
    ...found,
    personName: person?.name ?? '',
    applications: await applicationsOf(trx, found.personId),
  };
}

/** The job a candidate applies to, with its questions; 400 when it does not exist. */
async function jobOf(trx: Db, jobId: number): Promise<{ id: number; questions: string[] }> {
  const job: JobQuestionsRow | undefined = await trx('jobs').where({ id: jobId }).first('id', 'questions');
  if (!job) throw invalid(M.unknownJob);
  return { id: jobId, questions: questionsOf(job) };
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
async function actorNames(trx: Db, actor: Caller): Promise<{ username: string | null; name: string | null }> {
  const row: { username: string; name: string } | undefined = await trx('users')
    .where({ id: actor.id })
    .first('username', 'name');
  return row ? { username: row.username, name: row.name } : { username: null, name: null };
}

export function createCandidateWrites({
  access: { getCandidate },
  notify,
}: {
  access: CandidateAccess;
  notify: CandidateNotifier;
}) {
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

  return {
    findDuplicate,
    jobOf,
    actorNames,
    rejectionOf,
    moveTo,
    moveOnBoard,
    /** `insertRows` (inserts.ts), telling of the new candidates through this module's notifier. */
    insertRows: <R extends NewRow>(
      uow: UnitOfWork,
      rows: R[],
      actorId: number | null,
      onPart?: (part: Inserted<R>[]) => void | Promise<void>,
    ) => insertRows(notify, uow, rows, actorId, onPart),
    recordHistory,
    notify,
  };
}
export type CandidateWrites = ReturnType<typeof createCandidateWrites>;
