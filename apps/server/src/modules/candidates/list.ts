/**
 * The candidate lists and the export: the filters, the totals (from the kept counts where they can be),
 * paging through indexes, and the export's batches read by keyset.
 */
import type { Knex } from 'knex';
import {
  CANDIDATE_LIMITS,
  CANDIDATE_MESSAGES as M,
  PAGE_SIZES,
  type CandidateExportRow,
  type CandidateFilterQuery,
  type CandidateListQuery,
  type CandidatePage,
} from '@portal/contracts';
import { invalid } from '../../errors.ts';
import { endOfDay, startOfDay } from '../../lib/dates.ts';
import { countRowsUpTo, pageBounds, whereContains } from '../../lib/paging.ts';
import type { Caller } from '../../lib/caller.ts';
import { candidateSearch, type CandidateSearch } from './search.ts';
import { countFromCounters, ID_BLOCK, idsAt } from './counts.ts';
import type { CandidateAccess } from './access.ts';
import { exportBatches } from './export-rows.ts';
import { int, type DbInt } from '../../lib/rows.ts';

type Filter = (q: Knex.QueryBuilder) => Knex.QueryBuilder;

/** The list's filters (`filtered`): the narrowing itself, and what it narrows by. */
interface Filtered {
  filter: Filter;
  search: CandidateSearch | null;
  statuses: string[];
  sources: string[];
  /** Only status, source and job narrow the list: its total is summed from the counts (unless searched). */
  onlyGroups: boolean;
  /** Nothing narrows the list: it is the whole table. */
  everyone: boolean;
}

/** Which candidates a list shows: all, those an employee created or may edit, or one job's. */
export type CandidateScope = { kind: 'all' } | { kind: 'employee' } | { kind: 'job'; jobId: number };

/**
 * Each sort is an index read in one direction (the id, which every index holds after its value, breaks
 * ties): a page costs the same at a million candidates as at a thousand (migration candidate-sort-indexes).
 */
const SORTS: Record<NonNullable<CandidateFilterQuery['sort']>, [string, 'asc' | 'desc'][]> = {
  newest: [['c.id', 'desc']],
  oldest: [['c.id', 'asc']],
  // A to Z, the first added first among equal names.
  name: [
    ['c.name', 'asc'],
    ['c.id', 'asc'],
  ],
  experience: [
    ['c.experience', 'desc'],
    ['c.id', 'desc'],
  ],
  expected_ctc: [
    ['c.expected_ctc', 'desc'],
    ['c.id', 'desc'],
  ],
};

/** The list's narrowing on `candidates as c` (`filtered` has checked the query and read what it needs). */
function narrowing(
  query: CandidateFilterQuery,
  scope: CandidateScope,
  reader: Caller,
  {
    editable,
    search,
    statuses,
    sources,
  }: { editable: number[]; search: CandidateSearch | null; statuses: string[]; sources: string[] },
): Filter {
  const { experienceMin, experienceMax, salaryMin, salaryMax, appliedFrom, appliedTo } = query;
  return (q) => {
    if (scope.kind === 'job') {
      q.where('c.job_id', scope.jobId);
      if (query.search?.trim()) {
        q.leftJoin('users as cu', 'cu.id', 'c.created_by_id');
        whereContains(q, ['c.name', 'c.email', 'c.phone', 'c.source', 'cu.username'], query.search);
      }
    }
    if (scope.kind === 'employee' && reader.role !== 'admin') {
      q.where((mine) => {
        mine.where('c.created_by_id', reader.id);
        if (editable.length > 0) mine.orWhereIn('c.job_id', editable);
      });
    }
    if (search) search.narrow(q);
    if (statuses.length > 0) q.whereIn('c.status', statuses);
    if (sources.length > 0) q.whereIn('c.source', sources);
    if (query.jobId !== undefined) q.where('c.job_id', query.jobId);
    if (experienceMin !== undefined) q.where('c.experience', '>=', experienceMin);
    if (experienceMax !== undefined) q.where('c.experience', '<=', experienceMax);
    if (salaryMin !== undefined) q.where('c.expected_ctc', '>=', salaryMin);
    if (salaryMax !== undefined) q.where('c.expected_ctc', '<=', salaryMax);
    if (query.location?.trim())
      whereContains(q, ['c.current_location', 'c.preferred_location'], query.location);
    // Applied dates are whole days in India (as the ledger's From/To): from the first moment of
    // `appliedFrom` to the last of `appliedTo`.
    if (appliedFrom) q.where('c.created_at', '>=', startOfDay(appliedFrom));
    if (appliedTo) q.where('c.created_at', '<', endOfDay(appliedTo));
    return q;
  };
}

export function createCandidateLists({
  db,
  access: { editableJobIds, findCandidates },
}: {
  db: Knex;
  access: CandidateAccess;
}) {
  /** The list's filters on `candidates as c`, within the scope, and the search among them. */
  async function filtered(
    query: CandidateFilterQuery,
    reader: Caller,
    scope: CandidateScope,
  ): Promise<Filtered> {
    const { experienceMin, experienceMax, salaryMin, salaryMax, appliedFrom, appliedTo } = query;
    if (experienceMin !== undefined && experienceMax !== undefined && experienceMin > experienceMax)
      throw invalid(M.filterExperienceOrder);
    if (salaryMin !== undefined && salaryMax !== undefined && salaryMin > salaryMax)
      throw invalid(M.filterSalaryOrder);
    if (appliedFrom && appliedTo && appliedFrom > appliedTo) throw invalid(M.filterDateOrder);

    let editable: number[] = [];
    if (scope.kind === 'employee' && reader.role !== 'admin') editable = [...(await editableJobIds(reader))];
    // The job's tab searches its few candidates by source and creator too; the lists use the index.
    const search = scope.kind === 'job' ? null : await candidateSearch(db, query.search);
    const statuses = [...(query.statuses ?? []), ...(query.status ? [query.status] : [])];
    const sources = [...(query.sources ?? []), ...(query.source ? [query.source] : [])];
    const filter = narrowing(query, scope, reader, { editable, search, statuses, sources });
    const onlyGroups =
      !query.location?.trim() &&
      [experienceMin, experienceMax, salaryMin, salaryMax, appliedFrom, appliedTo].every(
        (v) => v === undefined,
      ) &&
      (scope.kind !== 'employee' || reader.role === 'admin') &&
      (scope.kind !== 'job' || query.jobId === undefined || query.jobId === scope.jobId);
    const everyone =
      onlyGroups &&
      scope.kind === 'all' &&
      !query.search?.trim() &&
      statuses.length + sources.length === 0 &&
      query.jobId === undefined;
    return { filter, search, statuses, sources, onlyGroups, everyone };
  }

  /**
   * The list's total: summed from the maintained counts when the filters are only status, source and job
   * (the first page, a tab, a job's list: a few hundred rows instead of a million), else counted up to
   * CANDIDATE_LIMITS.countedMatches or the end of the page asked for (a lower bound beyond that): by the
   * search alone when nothing else filters and it knows a cheaper way (search.ts), else the list's query.
   */
  async function countOf(
    query: CandidateListQuery,
    scope: CandidateScope,
    { filter, search, statuses, sources, onlyGroups }: Filtered,
    pageEnd: number,
  ): Promise<{ total: number; totalIsLowerBound: boolean }> {
    if (onlyGroups && !query.search?.trim()) {
      const jobId = scope.kind === 'job' ? scope.jobId : query.jobId;
      return { total: await countFromCounters(db, { statuses, sources, jobId }), totalIsLowerBound: false };
    }
    const atMost = Math.max(CANDIDATE_LIMITS.countedMatches, pageEnd);
    const searchAlone =
      onlyGroups &&
      scope.kind !== 'job' &&
      statuses.length + sources.length === 0 &&
      query.jobId === undefined;
    if (searchAlone && search?.countAlone) return search.countAlone(atMost);
    return countRowsUpTo(db, filter(db('candidates as c')).select('c.id'), atMost);
  }

  async function list(
    query: CandidateListQuery,
    reader: Caller,
    scope: CandidateScope,
  ): Promise<CandidatePage> {
    const pageSize0 = scope.kind === 'job' ? PAGE_SIZES.jobCandidates : PAGE_SIZES.candidates;
    const { page, pageSize, offset } = pageBounds(query, pageSize0);
    const filters = await filtered(query, reader, scope);
    const sort = SORTS[query.sort ?? 'newest'];
    // Ids first (read from indexes), then the page's rows.
    const pageIds = async (order: typeof sort, skip: number, take: number) => {
      const paged = filters.filter(db('candidates as c'));
      for (const [column, direction] of order) paged.orderBy(column, direction);
      return ((await paged.limit(take).offset(skip).pluck('c.id')) as DbInt[]).map(int);
    };
    const countTo = offset + pageSize;
    if (offset === 0) {
      const [ids, counted] = await Promise.all([
        pageIds(sort, 0, pageSize),
        countOf(query, scope, filters, countTo),
      ]);
      return { items: await findCandidates(ids, reader), ...counted, page, pageSize };
    }
    const counted = await countOf(query, scope, filters, countTo);
    // A page of the whole list, newest or oldest first, deeper than one block of ids: found through the
    // blocks' counts (nearer the top, skipping the ids before it costs less than reading the blocks).
    const sortName = query.sort ?? 'newest';
    if (filters.everyone && offset >= ID_BLOCK && (sortName === 'newest' || sortName === 'oldest')) {
      const ids = await idsAt(db, { offset, take: pageSize, newestFirst: sortName === 'newest' });
      return { items: await findCandidates(ids, reader), ...counted, page, pageSize };
    }
    // A page past the middle of an exactly counted list is read from its other end, in the reversed
    // order: the database skips the rows after the page instead of those before it, so the last of a
    // million candidates' pages costs what the first does.
    const after = counted.total - offset - pageSize;
    let ids: number[];
    if (counted.totalIsLowerBound || after >= offset) ids = await pageIds(sort, offset, pageSize);
    else if (offset >= counted.total) ids = [];
    else {
      const reversed = sort.map(([column, d]) => [column, d === 'asc' ? 'desc' : 'asc'] as (typeof sort)[0]);
      ids = (await pageIds(reversed, Math.max(0, after), pageSize + Math.min(0, after))).reverse();
    }
    return { items: await findCandidates(ids, reader), ...counted, page, pageSize };
  }

  return {
    list,
    /** The list's filters within a scope, for other readings of the same candidates (the pipeline board). */
    filtered,

    /**
     * The whole filtered list with the columns of the Excel export, newest first, in batches read by keyset
     * (never all rows at once). The filters are checked before the first batch: wrong input is a 400
     * before anything is written.
     */
    async exportCandidates(
      query: CandidateFilterQuery,
      reader: Caller,
    ): Promise<AsyncGenerator<CandidateExportRow[]>> {
      const { filter } = await filtered(query, reader, { kind: 'all' });
      return exportBatches(db, filter);
    },
  };
}
