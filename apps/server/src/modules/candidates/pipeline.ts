/**
 * The pipeline board: a job's candidates as one column per status, each in the team's order (positions.ts),
 * read in keyset pages with the server's totals under the list's filters; and moving a card, which writes
 * its status, place, history entry, counts and live message in one transaction.
 */
import type { Knex } from 'knex';
import { generateKeyBetween } from 'fractional-indexing';
import {
  CANDIDATE_MESSAGES as M,
  CANDIDATE_STATUSES,
  JOB_MESSAGES,
  PIPELINE_MESSAGES as P,
  PIPELINE_PAGE,
  type CandidateMoveBody,
  type CandidateStatus,
  type PipelineBoard,
  type PipelineCard,
  type PipelineColumnPage,
  type PipelineFilters,
} from '@portal/contracts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import { toIsoString } from '../../lib/dates.ts';
import type { Caller } from '../../lib/caller.ts';
import type { InUnitOfWork } from '../../events.ts';
import { whereRef } from './columns.ts';
import type { CandidateAccess } from './access.ts';
import type { CandidateWrites } from './writes.ts';
import type { createCandidateLists } from './list.ts';
import {
  besideOf,
  isValidKey,
  lastOf,
  lockJobOfCandidate,
  lockJobs,
  MAX_KEY_LENGTH,
  rekeyColumn,
  type Place,
} from './positions.ts';
import { recordCandidateChange } from './changes.ts';

type Row = Record<string, unknown>;
type Filter = (q: Knex.QueryBuilder) => Knex.QueryBuilder;

/** What a card reads of the candidate. */
const CARD_COLUMNS = [
  'c.id',
  'c.uuid',
  'c.name',
  'c.status',
  'c.position',
  'c.version',
  'c.stage_entered_at',
  'c.created_at',
  'c.experience',
  'c.current_company',
  'c.expected_ctc',
  'c.source',
  'c.image_url',
  'c.created_by_id',
  'c.job_id',
];

/** The column's order: by key, then by id. */
const ORDER = [
  { column: 'c.position', order: 'asc' },
  { column: 'c.id', order: 'asc' },
] as const;

/** A page's end as the client passes it back (`after`): the last card's id and key. */
const cursorOf = (card: PipelineCard) =>
  Buffer.from(`${card.id}:${card.position}`, 'utf8').toString('base64url');
function readCursor(after: string): Place {
  const text = Buffer.from(after, 'base64url').toString('utf8');
  const match = /^(\d{1,15}):([0-9A-Za-z]*)$/.exec(text);
  if (!match) throw invalid(P.badCursor);
  return { id: Number(match[1]), position: match[2]! };
}

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
  const row = (await trx('candidates')
    .where({ uuid: uuid.toLowerCase() })
    .forUpdate()
    .first('id', 'job_id', 'status', 'position')) as Row | undefined;
  if (!row || Number(row.job_id) !== jobId || String(row.status) !== status || Number(row.id) === movingId)
    throw notFound(P.neighbourNotFound);
  return { id: Number(row.id), position: String(row.position) };
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
  const fresh = async (p: Place | null) =>
    p && {
      id: p.id,
      position: String(
        await trx('candidates')
          .where({ id: p.id })
          .forUpdate()
          .first('position')
          .then((r: Row) => r.position),
      ),
    };
  const [freshLower, freshUpper] = [await fresh(lower), await fresh(upper)];
  return generateKeyBetween(freshLower?.position ?? null, freshUpper?.position ?? null);
}

export function createCandidatePipeline({
  db,
  inUnitOfWork,
  access: { editableJobIds, mayEdit },
  writes: { moveOnBoard, rejectionOf },
  lists: { filtered },
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  access: CandidateAccess;
  writes: CandidateWrites;
  lists: Pick<ReturnType<typeof createCandidateLists>, 'filtered'>;
}) {
  const toCard = (row: Row, canEdit: boolean): PipelineCard => ({
    id: Number(row.id),
    uuid: String(row.uuid),
    name: String(row.name),
    status: String(row.status) as CandidateStatus,
    position: String(row.position),
    version: Number(row.version),
    stage_entered_at: toIsoString(row.stage_entered_at ?? row.created_at),
    experience: Number(row.experience),
    current_company: row.current_company == null ? null : String(row.current_company),
    expected_ctc: row.expected_ctc == null ? null : Number(row.expected_ctc),
    source: String(row.source),
    image_url: row.image_url ? String(row.image_url) : null,
    created_by_id: row.created_by_id == null ? null : Number(row.created_by_id),
    canEdit,
  });

  async function assertJob(jobId: number) {
    if (!(await db('jobs').where({ id: jobId }).first('id'))) throw notFound(JOB_MESSAGES.notFound);
  }

  /** The job's candidates under the board's filters (the candidate list's filter code, on one job). */
  async function boardFilter(jobId: number, filters: PipelineFilters, reader: Caller) {
    const { search, source, experienceMin, experienceMax, from, to } = filters;
    return filtered(
      { search, source, experienceMin, experienceMax, appliedFrom: from, appliedTo: to },
      reader,
      { kind: 'job', jobId },
    );
  }

  /** Up to `limit` cards of a column after `after` (a cursor), and the cursor of the next page. */
  async function columnPage(
    filter: Filter,
    status: CandidateStatus,
    limit: number,
    after: Place | null,
    reader: Caller,
    editable: Set<number>,
  ): Promise<PipelineColumnPage> {
    const q = filter(db('candidates as c'))
      .where('c.status', status)
      .orderBy([...ORDER])
      .limit(limit + 1)
      .select(CARD_COLUMNS);
    // One range of the (job, status, position, id) index from the cursor on, then ties by id.
    if (after)
      q.where('c.position', '>=', after.position).where((w) =>
        w.where('c.position', '>', after.position).orWhere('c.id', '>', after.id),
      );
    const rows = (await q) as Row[];
    const cards = rows.slice(0, limit).map((r) => toCard(r, mayEdit(r, reader, editable)));
    return { cards, next: rows.length > limit ? cursorOf(cards[cards.length - 1]!) : null };
  }

  /** Each column's total under the filters: from the kept counts when nothing narrows the job's list. */
  async function totals(
    jobId: number,
    filter: Filter,
    counted: { source: string | undefined } | null,
  ): Promise<Map<string, number>> {
    if (counted) {
      const q = db('candidate_counts').where({ job_id: jobId });
      if (counted.source) q.where('source', counted.source);
      const rows = (await q.groupBy('status').select('status').sum({ n: 'n' })) as Row[];
      return new Map(rows.map((r) => [String(r.status), Number(r.n ?? 0)]));
    }
    const rows = (await filter(db('candidates as c'))
      .groupBy('c.status')
      .select('c.status')
      .count({ n: '*' })) as Row[];
    return new Map(rows.map((r) => [String(r.status), Number(r.n)]));
  }

  /** The card as `reader` sees it, read inside `trx`. */
  async function readCard(trx: Knex | Knex.Transaction, id: number, reader: Caller): Promise<PipelineCard> {
    const row = (await trx('candidates as c').where('c.id', id).first(CARD_COLUMNS)) as Row;
    return toCard(row, mayEdit(row, reader, await editableJobIds(reader, trx)));
  }

  return {
    async pipelineBoard(
      jobId: number,
      query: PipelineFilters & { perColumn?: number | undefined },
      reader: Caller,
    ): Promise<PipelineBoard> {
      await assertJob(jobId);
      const limit = query.perColumn ?? PIPELINE_PAGE.default;
      const f = await boardFilter(jobId, query, reader);
      const [editable, counted] = await Promise.all([
        editableJobIds(reader),
        totals(jobId, f.filter, f.onlyGroups && !query.search?.trim() ? { source: query.source } : null),
      ]);
      const pages = await Promise.all(
        CANDIDATE_STATUSES.map((status) => columnPage(f.filter, status, limit, null, reader, editable)),
      );
      return {
        columns: CANDIDATE_STATUSES.map((status, i) => ({
          status,
          total: counted.get(status) ?? 0,
          ...pages[i]!,
        })),
      };
    },

    async pipelineColumn(
      jobId: number,
      status: CandidateStatus,
      query: PipelineFilters & { after?: string | undefined; limit?: number | undefined },
      reader: Caller,
    ): Promise<PipelineColumnPage> {
      const after = query.after ? readCursor(query.after) : null;
      await assertJob(jobId);
      const f = await boardFilter(jobId, query, reader);
      const editable = await editableJobIds(reader);
      return columnPage(f.filter, status, query.limit ?? PIPELINE_PAGE.default, after, reader, editable);
    },

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
        await lockJobOfCandidate(trx, ref);
        // The mover's name (for the live message) comes with the candidate's row: its subquery reads the
        // user without locking it, as the locking read locks the rows of the table it names only.
        const locked = (await whereRef(trx('candidates as c'), ref)
          .forUpdate()
          .first('c.*', trx.raw('(SELECT name FROM users WHERE id = ?) AS mover_name', [actor.id]))) as
          Row | undefined;
        if (!locked) throw notFound(M.notFound);
        const { mover_name: moverName, ...row } = locked;
        const id = Number(row.id);
        const jobId = Number(row.job_id);
        const from = String(row.status) as CandidateStatus;
        const to = body.status;
        const rejecting = to === 'rejected' && from !== 'rejected';
        const canEdit = mayEdit(row, actor, await editableJobIds(actor, trx));
        if (!canEdit) throw forbidden(rejecting ? M.rejectFailed : M.noStatusPermission);
        if (Number(row.version) !== body.version) {
          // Named by their name, as every other conflict names people (the edit's "… changed …").
          const by =
            (row.moved_by_id != null
              ? ((await trx('users').where({ id: row.moved_by_id }).first('name')) as Row | undefined)?.name
              : null) ??
            (
              (await trx('candidate_history as h')
                .leftJoin('users as u', 'u.id', 'h.changed_by_id')
                .where('h.candidate_id', id)
                .orderBy('h.id', 'desc')
                .first('u.name as name')) as Row | undefined
            )?.name ??
            null;
          const changedBy = by == null ? null : String(by);
          throw conflict(P.movedSince(changedBy, String(row.name), from), {
            current: await readCard(trx, id, actor),
            changed_by: changedBy,
            changed_at: toIsoString(row.updated_at),
          });
        }
        if (from === 'rejected' && to !== 'rejected') throw invalid(M.alreadyRejected);
        if (rejecting && !body.rejection_details) throw invalid(M.rejectionReasonRequired);

        // Its job is locked already (no statement), unless an edit moved the candidate to another job
        // while this waited.
        await lockJobs(trx, [jobId]);
        const position = await placeFor(trx, jobId, to, id, body);
        const now = new Date();
        let enteredAt = row.stage_entered_at;
        if (from !== to) {
          const details = body.rejection_details;
          const rejection = rejecting && details && (await rejectionOf(trx, actor, details, now));
          enteredAt = await moveOnBoard(
            uow,
            row,
            to,
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
        } else {
          await trx('candidates')
            .where({ id })
            .update({ position, moved_by_id: actor.id, updated_at: now, version: trx.raw('version + 1') });
          await recordCandidateChange(trx, id, actor.id, ['position']);
        }
        // The card as written: the locked row with what the move changed (the row's version is the one
        // its update added 1 to), not read back.
        const card = toCard(
          { ...row, status: to, position, version: Number(row.version) + 1, stage_entered_at: enteredAt },
          canEdit,
        );
        emit('candidate.moved', {
          uuid: card.uuid,
          candidateId: id,
          jobId,
          from,
          to,
          position: card.position,
          version: card.version,
          stage_entered_at: card.stage_entered_at,
          by: { id: actor.id, name: moverName == null ? null : String(moverName) },
          at: now.toISOString(),
        });
        return card;
      });
    },
  };
}
export type CandidatePipeline = ReturnType<typeof createCandidatePipeline>;
