/**
 * The pipeline board: a job's candidates as one column per status, each in the team's order (positions.ts),
 * read in keyset pages with the server's totals under the list's filters; and moving a card (board-move.ts),
 * which writes its status, place, history entry, counts and live message in one transaction.
 */
import type { Knex } from 'knex';
import {
  CANDIDATE_STATUSES,
  JOB_MESSAGES,
  PIPELINE_MESSAGES as P,
  PIPELINE_PAGE,
  type CandidateStatus,
  type PipelineBoard,
  type PipelineCard,
  type PipelineColumnPage,
  type PipelineFilters,
} from '@portal/contracts';
import { invalid, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import type { InUnitOfWork } from '../../events.ts';
import { total } from '../../lib/rows.ts';
import type { CandidateAccess } from './access.ts';
import type { CandidateWrites } from './writes.ts';
import type { createCandidateLists } from './list.ts';
import { type Place } from './positions.ts';
import { CLIENT_FEEDBACK_COLUMNS, toCard, type CandidateStatusCount, type CardRow } from './model.ts';
import { createBoardMove } from './board-move.ts';

export { placeFor } from './board-move.ts';

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
  ...CLIENT_FEEDBACK_COLUMNS,
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

export function createCandidatePipeline({
  db,
  inUnitOfWork,
  access,
  writes,
  lists: { filtered },
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  access: CandidateAccess;
  writes: CandidateWrites;
  lists: Pick<ReturnType<typeof createCandidateLists>, 'filtered'>;
}) {
  const { editableJobIds, mayEdit } = access;

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
    const rows: CardRow[] = await q;
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
      const rows: CandidateStatusCount[] = await q.groupBy('status').select('status').sum({ n: 'n' });
      return new Map(rows.map((r) => [r.status, total(r.n)]));
    }
    const rows: CandidateStatusCount[] = await filter(db('candidates as c'))
      .groupBy('c.status')
      .select('c.status')
      .count({ n: '*' });
    return new Map(rows.map((r) => [r.status, total(r.n)]));
  }

  /** The card as `reader` sees it, read inside `trx`. */
  async function readCard(trx: Knex | Knex.Transaction, id: number, reader: Caller): Promise<PipelineCard> {
    const row: CardRow = await trx('candidates as c').where('c.id', id).first(CARD_COLUMNS);
    return toCard(row, mayEdit(row, reader, await editableJobIds(reader, trx)));
  }

  const { moveCandidate } = createBoardMove({ inUnitOfWork, access, writes, readCard });

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

    moveCandidate,
  };
}
export type CandidatePipeline = ReturnType<typeof createCandidatePipeline>;
