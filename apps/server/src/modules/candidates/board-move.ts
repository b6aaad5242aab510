/**
 * Moving a card on the pipeline board: the key between the neighbours it was dropped between, and the move
 * itself, which writes its status, place, history entry, counts and live message in one transaction.
 */
import type { Knex } from 'knex';
import { generateKeyBetween } from 'fractional-indexing';
import {
  CANDIDATE_MESSAGES as M,
  PIPELINE_MESSAGES as P,
  type CandidateMoveBody,
  type CandidateStatus,
  type PipelineCard,
} from '@portal/contracts';
import { invalid, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import { int, isoTime } from '../../lib/rows.ts';
import type { CandidateAccess } from './access.ts';
import type { CandidateWrites } from './writes.ts';
import { toCard, type CandidateRow, type CardRow } from './model.ts';
import {
  besideOf,
  isValidKey,
  lastOf,
  lockJobs,
  MAX_KEY_LENGTH,
  rekeyColumn,
  type Place,
} from './positions.ts';
import { recordCandidateChange, staleCandidateConflict, type ChangesSince } from './changes.ts';

/** The key between two neighbours, or null when they cannot have one (missing, equal or crossed keys, too long). */
function keyBetween(lower: Place | null, upper: Place | null): string | null {
  if (lower && !isValidKey(lower.position)) return null;
  if (upper && !isValidKey(upper.position)) return null;
  if (lower && upper && !(lower.position < upper.position)) return null;
  const key = generateKeyBetween(lower?.position ?? null, upper?.position ?? null);
  return key.length <= MAX_KEY_LENGTH ? key : null;
}

/** A neighbour named by a move: a card of that job and column, other than the moving one; else 404. */
async function neighbour(
  trx: Knex.Transaction,
  uuid: string,
  jobId: number,
  status: string,
  movingId: number,
): Promise<Place> {
  const row: Pick<CandidateRow, 'id' | 'job_id' | 'status' | 'position'> | undefined = await trx('candidates')
    .where({ uuid: uuid.toLowerCase() })
    .forUpdate()
    .first('id', 'job_id', 'status', 'position');
  if (!row || int(row.job_id) !== jobId || row.status !== status || int(row.id) === movingId)
    throw notFound(P.neighbourNotFound);
  return { id: int(row.id), position: row.position };
}

/**
 * The key for a card dropped in column `status` of job `jobId`: right after `after` (its next card is
 * read now, so a card dropped there meanwhile by someone else is not jumped over), else right before
 * `before`, else at the column's end. Neighbours without a usable pair of keys get the column fresh keys
 * first; the job's lock (held by the caller) keeps two moves from computing the same key.
 */
export async function placeFor(
  trx: Knex.Transaction,
  jobId: number,
  status: string,
  movingId: number,
  body: Pick<CandidateMoveBody, 'before' | 'after'>,
): Promise<string> {
  const afterCard = body.after ? await neighbour(trx, body.after, jobId, status, movingId) : null;
  const beforeCard =
    body.before && !afterCard ? await neighbour(trx, body.before, jobId, status, movingId) : null;
  if (body.before && afterCard) await neighbour(trx, body.before, jobId, status, movingId);
  const around = async (): Promise<[Place | null, Place | null]> => {
    if (afterCard) return [afterCard, await besideOf(trx, jobId, status, afterCard, 'next', movingId)];
    if (beforeCard) return [await besideOf(trx, jobId, status, beforeCard, 'previous', movingId), beforeCard];
    return [await lastOf(trx, jobId, status, movingId), null];
  };
  const [lower, upper] = await around();
  const key = keyBetween(lower, upper);
  if (key) return key;
  await rekeyColumn(trx, jobId, status, movingId);
  // The same neighbours, with their fresh keys.
  const fresh = async (p: Place | null) => {
    if (!p) return null;
    const row: Pick<CandidateRow, 'position'> | undefined = await trx('candidates')
      .where({ id: p.id })
      .forUpdate()
      .first('position');
    return { id: p.id, position: row!.position };
  };
  const [freshLower, freshUpper] = [await fresh(lower), await fresh(upper)];
  return generateKeyBetween(freshLower?.position ?? null, freshUpper?.position ?? null);
}

export function createBoardMove({
  inUnitOfWork,
  access: { guardWrite },
  writes: { moveOnBoard, rejectionOf },
  readCard,
}: {
  inUnitOfWork: InUnitOfWork;
  access: CandidateAccess;
  writes: CandidateWrites;
  /** The card as `reader` sees it, read inside `trx` (the 409's `current`). */
  readCard: (trx: Knex.Transaction, id: number, reader: Caller) => Promise<PipelineCard>;
}) {
  /**
   * A stale move's 409: the edits' shape (the card as it is, the changes since) with who moved the card and
   * when. Named by their name, as every other conflict names people (the edit's "… changed …").
   */
  async function movedSince(trx: Knex.Transaction, row: CandidateRow, actor: Caller, since: ChangesSince) {
    const mover: { name: string | null } | undefined =
      row.moved_by_id != null ? await trx('users').where({ id: row.moved_by_id }).first('name') : undefined;
    const lastChanger: { name: string | null } | undefined = mover?.name
      ? undefined
      : await trx('candidate_history as h')
          .leftJoin('users as u', 'u.id', 'h.changed_by_id')
          .where('h.candidate_id', row.id)
          .orderBy('h.id', 'desc')
          .first('u.name as name');
    const changedBy = mover?.name ?? lastChanger?.name ?? null;
    return staleCandidateConflict(
      P.movedSince(changedBy, row.name, row.status),
      await readCard(trx, int(row.id), actor),
      since,
      { changed_by: changedBy, changed_at: isoTime(row.updated_at) },
    );
  }

  /** A move within its column: only the place, the version and who moved it change. */
  async function reorder(trx: Knex.Transaction, id: number, position: string, actor: Caller, now: Date) {
    await trx('candidates')
      .where({ id })
      .update({ position, moved_by_id: actor.id, updated_at: now, version: trx.raw('version + 1') });
    await recordCandidateChange(trx, id, actor.id, ['position']);
  }

  /** A move to another column: the shared status change, with a rejection's details when it rejects. */
  async function changeColumn(
    uow: UnitOfWork,
    row: CandidateRow,
    body: CandidateMoveBody,
    position: string,
    actor: Caller,
    now: Date,
  ): Promise<Date> {
    const rejecting = body.status === 'rejected';
    const details = body.rejection_details;
    const rejection = rejecting && details && (await rejectionOf(uow.trx, actor, details, now));
    return moveOnBoard(
      uow,
      row,
      body.status,
      actor,
      {
        columns: {
          position,
          ...(rejection
            ? { rejection_reason: rejection.reason, rejection_details: JSON.stringify(rejection) }
            : {}),
        },
        ...(rejection
          ? { reason: rejection.reason, stage: rejection.stage, comments: rejection.comments }
          : {}),
      },
      now,
    );
  }

  return {
    /**
     * Moves a card: to column `body.status` between the neighbours named, from the version the mover saw.
     * One transaction: the candidate's row locked, the permission rule, the version (409 with who moved it
     * and when, and the card as it is), the neighbours, the key, and for a change of status the shared
     * status change (its history entry, counts, analytics); then `candidate:moved`, the one message of a
     * move: every screen that follows status changes or versions also reads it, so a room with a thousand
     * open boards gets one message per move, not two.
     */
    async moveCandidate(ref: string, body: CandidateMoveBody, actor: Caller): Promise<PipelineCard> {
      return inUnitOfWork(async (uow) => {
        const { trx, emit } = uow;
        const to = body.status;
        const rejectingFrom = (status: CandidateStatus) => to === 'rejected' && status !== 'rejected';
        // The write guard the edits use. The mover's name (for the live message) comes with the candidate's
        // row: its subquery reads the user without locking it, as the locking read locks the rows of the
        // table it names only.
        const locked = await guardWrite(trx, ref, actor, {
          denied: (r) => (rejectingFrom(r.status) ? M.rejectFailed : M.noStatusPermission),
          version: body.version,
          stale: (r, since) => movedSince(trx, r, actor, since),
          also: [trx.raw('(SELECT name FROM users WHERE id = ?) AS mover_name', [actor.id])],
        });
        const { mover_name: moverName, ...row } = locked;
        const id = int(row.id);
        const jobId = int(row.job_id);
        const from = row.status;
        const rejecting = rejectingFrom(from);
        if (from === 'rejected' && to !== 'rejected') throw invalid(M.alreadyRejected);
        if (rejecting && !body.rejection_details) throw invalid(M.rejectionReasonRequired);

        // Its job is locked already (no statement), unless an edit moved the candidate to another job
        // while this waited.
        await lockJobs(trx, [jobId]);
        const position = await placeFor(trx, jobId, to, id, body);
        const now = new Date();
        let enteredAt = row.stage_entered_at;
        if (from !== to) enteredAt = await changeColumn(uow, row, body, position, actor, now);
        else await reorder(trx, id, position, actor, now);
        // The card as written: the locked row with what the move changed (the row's version is the one
        // its update added 1 to), not read back. Only those who may edit it get this far.
        const moved: CardRow = { ...row, status: to, position, version: int(row.version) + 1 };
        const card = toCard({ ...moved, stage_entered_at: enteredAt }, true);
        emit('candidate.moved', {
          uuid: card.uuid,
          candidateId: id,
          jobId,
          from,
          to,
          position: card.position,
          version: card.version,
          stage_entered_at: card.stage_entered_at,
          by: { id: actor.id, name: moverName ?? null },
          at: now.toISOString(),
        });
        return card;
      });
    },
  };
}
