import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { Compile } from 'typebox/compile';
import {
  APPLICATION_REFERENCE,
  CANDIDATE_DEFAULTS,
  CANDIDATE_LIMITS,
  CAREERS_SOURCE,
  CANDIDATE_MESSAGES as M,
  CANDIDATE_SOURCES,
  CANDIDATE_STATUSES,
  JOB_MESSAGES,
  CandidateBulkRow,
  PAGE_SIZES,
  fieldErrors,
  registerFormats,
  normalEmail,
  unansweredQuestions,
  type BulkResults,
  type BulkUploadAnswer,
  type Candidate,
  type CandidateCreate,
  type CandidateDetails,
  type CandidateExportRow,
  type CandidateFilterQuery,
  type CandidateListQuery,
  type CandidatePage,
  type CandidateRejectBody,
  type CandidateStatus,
  type CandidateUpdate,
  type DuplicateCheckResult,
  type ShareAnswer,
  type ShareBody,
} from '@portal/contracts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import { rowsPerInsert } from '../../db/dialect.ts';
import { endOfDay, startOfDay, toIsoString } from '../../lib/dates.ts';
import { withFreshId } from '../../db/fresh-ids.ts';
import { countRowsUpTo, pageBounds, whereContains } from '../../lib/paging.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { Caller } from '../../lib/caller.ts';
import { CandidateHistoryModel, CandidateModel } from './model.ts';
import { candidateSearch, type CandidateSearch } from './search.ts';
import { bumpCounts, countFromCounters, ID_BLOCK, idsAt } from './counts.ts';
import { indexNames } from './search.ts';
import {
  chunks,
  selectCandidates,
  sourceOf,
  splitRefs,
  timeOrderedUuid,
  toColumns,
  whereRef,
  type Columns,
} from './columns.ts';
import { shortlistMail } from './share-mail.ts';
import { phoneKey } from '../../lib/phones.ts';

type Db = Knex | Knex.Transaction;
type Row = Record<string, unknown>;
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

/** The bulk row check, compiled once: a row that passes costs microseconds; only a failing one is described. */
registerFormats();
const bulkRowCheck = Compile(CandidateBulkRow);

/** A stored candidate as the counts group it (counts.ts); the caller adds how many it counts for. */
const countedAs = (row: Row) => ({
  id: Number(row.id),
  job_id: Number(row.job_id),
  status: String(row.status),
  source: String(row.source),
  created_by_id: row.created_by_id === null ? null : Number(row.created_by_id),
});

/** Candidates and their history entries one INSERT carries (on MySQL; SQLite takes fewer). */
const insertBatch = (db: Db) => rowsPerInsert(db as Knex, 2000);
/** Values one `IN (…)` lookup carries. */
const LOOKUP_BATCH = 1000;
/** Candidates the export reads per query: a few MB of rows at a time, whatever the list's size. */
const EXPORT_BATCH = 5000;

/** Draws of a reference before giving up: with 29^8 references, even the second is rarely needed. */
const REFERENCE_ATTEMPTS = 5;

/** A careers application's reference, "7KQX-M3TP": random characters of an alphabet meant for reading out. */
export function newApplicationReference(): string {
  const { alphabet, groups, groupLength } = APPLICATION_REFERENCE;
  const group = () =>
    Array.from({ length: groupLength }, () => alphabet[randomInt(alphabet.length)]).join('');
  return Array.from({ length: groups }, group).join('-');
}

export function createCandidateService({
  db,
  inUnitOfWork,
  mailer,
  announceJobs,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  mailer: Mailer;
  /** Queues `job.changed` for jobs whose candidate counts moved (the jobs service knows their summary). */
  announceJobs: (jobIds: number[], uow: UnitOfWork) => Promise<void>;
}) {
  /** The jobs a non-admin may edit (creator or listed editor): their candidates are the reader's to edit. */
  async function editableJobIds(reader: Caller, trx: Db = db): Promise<Set<number>> {
    if (reader.role === 'admin') return new Set();
    const ids = await trx('jobs')
      .where('created_by_id', reader.id)
      .pluck('id')
      .union((u) => u.select('job_id').from('job_editors').where('user_id', reader.id));
    return new Set(
      (ids as unknown[]).map((r) => Number(typeof r === 'object' ? Object.values(r as Row)[0] : r)),
    );
  }

  /** DESIGN §5: the candidate's creator, an admin, or anyone who may edit the candidate's job. */
  const mayEdit = (row: Row, reader: Caller, jobs: Set<number>) =>
    reader.role === 'admin' || Number(row.created_by_id) === reader.id || jobs.has(Number(row.job_id));

  async function findCandidates(ids: number[], reader: Caller, trx: Db = db): Promise<Candidate[]> {
    if (ids.length === 0) return [];
    const [rows, jobs] = await Promise.all([
      selectCandidates(trx).whereIn('c.id', ids) as Promise<Row[]>,
      editableJobIds(reader, trx),
    ]);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [CandidateModel.toRecord(row, mayEdit(row, reader, jobs))] : [];
    });
  }

  async function getCandidate(ref: string, reader: Caller, trx: Db = db): Promise<Candidate> {
    const row = (await whereRef(selectCandidates(trx), ref).first()) as Row | undefined;
    if (!row) throw notFound(M.notFound);
    return CandidateModel.toRecord(row, mayEdit(row, reader, await editableJobIds(reader, trx)));
  }

  /**
   * The candidate's row, locked for this transaction, if the actor may change it; else 404 or 403 with
   * `deniedMessage`. With `version` (the one the change was made from), a candidate changed since gets
   * 409 with the candidate as it is now, so that the screen can show it.
   */
  async function loadForWrite(
    trx: Knex.Transaction,
    ref: string,
    actor: Caller,
    deniedMessage: string,
    version?: number,
  ): Promise<Row> {
    const row = (await whereRef(trx('candidates as c'), ref).forUpdate().first('c.*')) as Row | undefined;
    if (!row) throw notFound(M.notFound);
    if (!mayEdit(row, actor, await editableJobIds(actor, trx))) throw forbidden(deniedMessage);
    if (version !== undefined && Number(row.version) !== version) {
      const current = await getCandidate(String(row.id), actor, trx);
      const by = await latestChangerName(trx, Number(row.id));
      throw conflict(M.staleStatus(by, current.status), { current });
    }
    return row;
  }

  async function latestChangerName(trx: Db, candidateId: number): Promise<string | null> {
    const row = (await trx('candidate_history as h')
      .leftJoin('users as u', 'u.id', 'h.changed_by_id')
      .where('h.candidate_id', candidateId)
      .orderBy('h.id', 'desc')
      .first('u.username as name')) as { name: string | null } | undefined;
    return row?.name ?? null;
  }

  /** The one duplicate rule (contracts `normalEmail`, `phoneKey`): same e-mail, or same phone number. */
  async function findDuplicate(
    trx: Db,
    email: string,
    phone: string,
    excludeId?: number,
  ): Promise<{ message: string; field: 'email' | 'phone' } | null> {
    const key = phoneKey(phone);
    const q = trx('candidates').where((w) => {
      if (email.trim()) w.orWhere('email', normalEmail(email));
      if (key) w.orWhere('phone_key', key);
    });
    if (!email.trim() && !key) return null;
    if (excludeId) q.whereNot('id', excludeId);
    const row = (await q.first('email', 'phone_key')) as Row | undefined;
    if (!row) return null;
    return String(row.email) === normalEmail(email)
      ? { message: M.duplicateEmail, field: 'email' }
      : { message: M.duplicatePhone, field: 'phone' };
  }

  /** The job a candidate applies to, with its questions; 400 when it does not exist. */
  async function jobOf(trx: Db, jobId: number): Promise<{ id: number; questions: string[] }> {
    const job = (await trx('jobs').where({ id: jobId }).first('id', 'questions')) as Row | undefined;
    if (!job) throw invalid(M.unknownJob);
    let questions: string[] = [];
    try {
      questions = JSON.parse(String(job.questions ?? '[]')) as string[];
    } catch {
      questions = [];
    }
    return { id: jobId, questions };
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
    }[],
  ) {
    const at = new Date();
    for (const batch of chunks(entries, insertBatch(trx))) {
      await trx('candidate_history').insert(batch.map((e) => ({ ...e, changed_at: at })));
    }
  }

  async function actorName(trx: Db, actor: Caller): Promise<string | null> {
    const row = (await trx('users').where({ id: actor.id }).first('username')) as Row | undefined;
    return row ? String(row.username) : null;
  }

  /** A status change or rejection: the row, its history entry and its event, in the caller's unit. */
  async function moveTo(
    uow: UnitOfWork,
    row: Row,
    to: CandidateStatus,
    actor: Caller,
    extra: { columns?: Row; reason?: string; stage?: string; comments?: string } = {},
  ): Promise<Candidate> {
    const { trx, emit } = uow;
    const id = Number(row.id);
    const now = new Date();
    await trx('candidates')
      .where({ id })
      .update({ status: to, ...extra.columns, updated_at: now, version: trx.raw('version + 1') });
    const was = countedAs(row);
    await bumpCounts(trx, [
      { ...was, n: -1 },
      { ...was, status: to, n: 1 },
    ]);
    await recordHistory(trx, [
      {
        candidate_id: id,
        from_status: String(row.status),
        to_status: to,
        changed_by_id: actor.id,
        ...(extra.reason ? { reason: extra.reason, stage: extra.stage, comments: extra.comments } : {}),
      },
    ]);
    const candidate = await getCandidate(String(id), actor, trx);
    emit('candidate.status_changed', {
      candidateId: id,
      uuid: candidate.uuid,
      jobId: candidate.job_id,
      from: row.status as CandidateStatus,
      to,
      version: candidate.version,
      changedBy: await actorName(trx, actor),
      at: now.toISOString(),
    });
    return candidate;
  }

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
    const filter: Filter = (q) => {
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
      return (await paged.limit(take).offset(skip).pluck('c.id')).map(Number);
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

  /** Inserts rows in batches with their first history entry; `actorId` null for an applicant (no account). */
  async function insertRows(uow: UnitOfWork, rows: (Columns & { status: string })[], actorId: number | null) {
    const { trx } = uow;
    const now = new Date();
    const inserted: { id: number; uuid: string; row: Columns & { status: string } }[] = [];
    for (const batch of chunks(rows, insertBatch(trx))) {
      const withIds = batch.map((row) => ({ row, uuid: timeOrderedUuid() }));
      await trx('candidates').insert(
        withIds.map(({ row, uuid }) => ({
          ...row,
          uuid,
          job_answers: null,
          created_by_id: actorId,
          version: 1,
          created_at: now,
          updated_at: now,
        })),
      );
      const ids = (await trx('candidates')
        .whereIn(
          'uuid',
          withIds.map((r) => r.uuid),
        )
        .select('id', 'uuid')) as Row[];
      const idOf = new Map(ids.map((r) => [String(r.uuid), Number(r.id)]));
      for (const { row, uuid } of withIds) inserted.push({ id: idOf.get(uuid)!, uuid, row });
    }
    await indexNames(
      trx,
      inserted.map(({ id, row }) => ({ id, name: row.name })),
    );
    await bumpCounts(
      trx,
      inserted.map(({ id, row }) => ({
        id,
        job_id: row.job_id,
        status: row.status,
        source: row.source,
        created_by_id: actorId,
        n: 1,
      })),
    );
    await recordHistory(
      trx,
      inserted.map(({ id, row }) => ({
        candidate_id: id,
        from_status: null,
        to_status: row.status,
        changed_by_id: actorId,
      })),
    );
    return inserted;
  }

  /**
   * The export's rows, EXPORT_BATCH at a time by id (newest first): the candidates alone, one keyset range
   * each (a join here let the planner walk the candidates job by job); the few jobs and users they name
   * are looked up as they first appear.
   */
  async function* exportBatches(filter: Filter): AsyncGenerator<CandidateExportRow[]> {
    const titles = new Map<number, string>();
    const usernames = new Map<number, string>();
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    let before = Number.MAX_SAFE_INTEGER;
    for (;;) {
      const rows = (await filter(db('candidates as c'))
        .where('c.id', '<', before)
        .orderBy('c.id', 'desc')
        .limit(EXPORT_BATCH)
        .select(
          'c.id',
          'c.name',
          'c.email',
          'c.phone',
          'c.job_id',
          'c.status',
          'c.source',
          'c.experience',
          'c.current_company',
          'c.current_ctc',
          'c.expected_ctc',
          'c.notice_period',
          'c.current_location',
          'c.preferred_location',
          'c.created_at',
          'c.created_by_id',
        )) as Row[];
      if (rows.length === 0) return;
      before = Number(rows[rows.length - 1]!.id);
      const newJobs = [...new Set(rows.map((r) => Number(r.job_id)))].filter((id) => !titles.has(id));
      const newUsers = [...new Set(rows.map((r) => Number(r.created_by_id)))].filter(
        (id) => id > 0 && !usernames.has(id),
      );
      for (const batch of chunks(newJobs, LOOKUP_BATCH)) {
        for (const j of (await db('jobs').whereIn('id', batch).select('id', 'title')) as Row[])
          titles.set(Number(j.id), String(j.title));
      }
      for (const batch of chunks(newUsers, LOOKUP_BATCH)) {
        for (const u of (await db('users').whereIn('id', batch).select('id', 'username')) as Row[])
          usernames.set(Number(u.id), String(u.username));
      }
      yield rows.map((r) => ({
        id: Number(r.id),
        name: String(r.name),
        email: String(r.email),
        phone: String(r.phone),
        job_title: titles.get(Number(r.job_id)) ?? '',
        status: String(r.status),
        source: String(r.source),
        experience: Number(r.experience),
        current_company: (r.current_company as string | null) ?? null,
        current_ctc: num(r.current_ctc),
        expected_ctc: num(r.expected_ctc),
        notice_period: num(r.notice_period),
        current_location: (r.current_location as string | null) ?? null,
        preferred_location: (r.preferred_location as string | null) ?? null,
        createdAt: toIsoString(r.created_at),
        created_by: usernames.get(Number(r.created_by_id)) ?? null,
      }));
      if (rows.length < EXPORT_BATCH) return;
    }
  }

  return {
    getCandidate: (ref: string, reader: Caller) => getCandidate(ref, reader),

    async getDetails(ref: string, reader: Caller): Promise<CandidateDetails> {
      const candidate = await getCandidate(ref, reader);
      const history = (await db('candidate_history as h')
        .leftJoin('users as u', 'u.id', 'h.changed_by_id')
        .where('h.candidate_id', candidate.id)
        .orderBy('h.id', 'desc')
        .select('h.*', 'u.username as changed_by_name')) as Row[];
      return { ...candidate, history: history.map((r) => CandidateHistoryModel.toRecord(r)) };
    },

    listCandidates: (query: CandidateListQuery, reader: Caller) => list(query, reader, { kind: 'all' }),
    listEmployeeCandidates: (query: CandidateListQuery, reader: Caller) =>
      list(query, reader, { kind: 'employee' }),
    async listJobCandidates(jobId: number, query: CandidateListQuery, reader: Caller) {
      return list(query, reader, { kind: 'job', jobId });
    },

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
      return exportBatches(filter);
    },

    async checkDuplicate(input: {
      email?: string | undefined;
      phone?: string | undefined;
      name?: string | undefined;
      excludeId?: number | undefined;
    }): Promise<DuplicateCheckResult> {
      const duplicate = await findDuplicate(db, input.email ?? '', input.phone ?? '', input.excludeId);
      return duplicate ? { isDuplicate: true, ...duplicate } : { isDuplicate: false, message: '' };
    },

    async createCandidate(input: CandidateCreate, actor: Caller, outer?: UnitOfWork): Promise<Candidate> {
      if (input.status === 'rejected') throw invalid(M.useRejectDialog);
      return inUnitOfWork(async (uow) => {
        const { trx, emit } = uow;
        const columns = toColumns(input);
        const job = await jobOf(trx, columns.job_id);
        if (unansweredQuestions(job.questions, input.job_answers).length > 0) throw invalid(M.answerRequired);
        const duplicate = await findDuplicate(trx, columns.email, columns.phone);
        if (duplicate) throw conflict(duplicate.message, { field: duplicate.field });
        const status = input.status ?? CANDIDATE_DEFAULTS.status;
        const [inserted] = await insertRows(uow, [{ ...columns, status }], actor.id);
        const id = inserted!.id;
        if (input.job_answers) {
          await trx('candidates')
            .where({ id })
            .update({ job_answers: JSON.stringify(input.job_answers) });
        }
        const candidate = await getCandidate(String(id), actor, trx);
        emit('candidate.created', candidate);
        await announceJobs([candidate.job_id], uow);
        return candidate;
      }, outer);
    },

    /**
     * PUT / PATCH: the fields sent replace the stored ones; the rest stay. The merged candidate must
     * pass the create rules (answers for the job's questions when the job or the answers change).
     */
    async updateCandidate(ref: string, input: CandidateUpdate, actor: Caller, outer?: UnitOfWork) {
      return inUnitOfWork(async (uow) => {
        const { trx, emit } = uow;
        const row = await loadForWrite(trx, ref, actor, M.noEditPermission, input.version);
        const id = Number(row.id);
        const stored = CandidateModel.toRecord({ ...row, job_questions: '[]' }, true);
        const merged = {
          name: input.name ?? stored.name,
          email: input.email ?? stored.email,
          phone: input.phone ?? stored.phone,
          experience: input.experience ?? stored.experience,
          current_company:
            input.current_company !== undefined ? input.current_company : stored.current_company,
          current_ctc: input.current_ctc !== undefined ? input.current_ctc : stored.current_ctc,
          expected_ctc: input.expected_ctc !== undefined ? input.expected_ctc : stored.expected_ctc,
          notice_period: input.notice_period !== undefined ? input.notice_period : stored.notice_period,
          current_location:
            input.current_location !== undefined ? input.current_location : stored.current_location,
          preferred_location:
            input.preferred_location !== undefined ? input.preferred_location : stored.preferred_location,
          job_id: input.job_id ?? stored.job_id,
          source: input.source ?? (stored.source as CandidateCreate['source']),
          referred_by: input.referred_by !== undefined ? input.referred_by : stored.referred_by,
          notes: input.notes !== undefined ? input.notes : stored.notes,
          resume_url: input.resume_url !== undefined ? input.resume_url : stored.resume_url,
          image_url: input.image_url !== undefined ? input.image_url : stored.image_url,
        };
        const columns = toColumns(merged);
        const answers = input.job_answers ?? stored.job_answers;
        if (input.job_id !== undefined || input.job_answers !== undefined) {
          const job = await jobOf(trx, columns.job_id);
          if (unansweredQuestions(job.questions, answers).length > 0) throw invalid(M.answerRequired);
        }
        if (columns.email !== String(row.email) || columns.phone_key !== String(row.phone_key)) {
          const duplicate = await findDuplicate(trx, columns.email, columns.phone, id);
          if (duplicate) throw conflict(duplicate.message, { field: duplicate.field });
        }
        if (columns.name !== String(row.name)) {
          await trx('candidate_words').where({ candidate_id: id }).delete();
          await indexNames(trx, [{ id, name: columns.name }]);
        }
        const toStatus = input.status && input.status !== row.status ? input.status : null;
        if (toStatus === 'rejected') throw invalid(M.useRejectDialog);
        if (toStatus && row.status === 'rejected') throw invalid(M.alreadyRejected);
        await trx('candidates')
          .where({ id })
          .update({
            ...columns,
            job_answers: JSON.stringify(answers),
            updated_at: new Date(),
            version: trx.raw('version + 1'),
          });
        // Counted by job and source: a move between them moves the count (a status change below moves it too).
        const was = countedAs(row);
        await bumpCounts(trx, [
          { ...was, n: -1 },
          { ...was, job_id: columns.job_id, source: columns.source, n: 1 },
        ]);
        const moved = { ...row, job_id: columns.job_id, source: columns.source };
        const candidate = toStatus
          ? await moveTo(uow, moved, toStatus, actor)
          : await getCandidate(String(id), actor, trx);
        emit('candidate.updated', candidate);
        if (columns.job_id !== Number(row.job_id)) {
          await announceJobs([Number(row.job_id), columns.job_id], uow);
        }
        return candidate;
      }, outer);
    },

    async changeStatus(ref: string, status: CandidateStatus, actor: Caller, version?: number) {
      if (status === 'rejected') throw invalid(M.useRejectDialog);
      return inUnitOfWork(async (uow) => {
        const row = await loadForWrite(uow.trx, ref, actor, M.noStatusPermission, version);
        if (row.status === 'rejected') throw invalid(M.alreadyRejected);
        if (row.status === status) return getCandidate(String(row.id), actor, uow.trx);
        return moveTo(uow, row, status, actor);
      });
    },

    /** Rejecting needs reason, stage and comments; who and when come from the session and the clock. */
    async reject(ref: string, body: CandidateRejectBody, actor: Caller) {
      return inUnitOfWork(async (uow) => {
        const row = await loadForWrite(uow.trx, ref, actor, M.rejectFailed, body.version);
        if (row.status === 'rejected') throw invalid(M.alreadyRejected);
        const { reason, stage, comments } = body.rejection_details;
        const details = {
          reason,
          stage,
          comments: comments.trim(),
          rejected_by: await actorName(uow.trx, actor),
          rejected_at: new Date().toISOString(),
        };
        return moveTo(uow, row, 'rejected', actor, {
          columns: { rejection_reason: reason, rejection_details: JSON.stringify(details) },
          reason,
          stage,
          comments: details.comments,
        });
      });
    },

    async deleteCandidate(ref: string, actor: Caller): Promise<void> {
      await inUnitOfWork(async (uow) => {
        const row = await loadForWrite(uow.trx, ref, actor, M.noDeletePermission);
        await uow.trx('candidate_history').where({ candidate_id: row.id }).delete();
        await uow.trx('candidate_words').where({ candidate_id: row.id }).delete();
        await uow.trx('candidates').where({ id: row.id }).delete();
        await bumpCounts(uow.trx, [{ ...countedAs(row), n: -1 }]);
        uow.emit('candidate.deleted', {
          candidateId: Number(row.id),
          uuid: String(row.uuid),
          jobId: Number(row.job_id),
        });
        await announceJobs([Number(row.job_id)], uow);
      });
    },

    /**
     * An application from the careers pages (no account): stored as applied with the careers source, or
     * null when the one duplicate rule finds the person already on file (their record is left as it is).
     */
    async createApplication(
      input: {
        name: string;
        email: string;
        phone: string;
        experience: number | null;
        current_company: string | null;
        current_ctc: number | null;
        expected_ctc: number | null;
        notice_period: number | null;
        current_location: string | null;
        preferred_location: string | null;
        resume_url: string;
      },
      jobId: number,
      outer?: UnitOfWork,
    ): Promise<{ candidate: Candidate; reference: string } | null> {
      return inUnitOfWork(async (uow) => {
        const { trx, emit } = uow;
        const columns = {
          ...toColumns({ ...input, experience: input.experience ?? 0, job_id: jobId }),
          // The careers pages are a source of their own, beside the form's choices.
          source: CAREERS_SOURCE,
        };
        if (await findDuplicate(trx, columns.email, columns.phone)) return null;
        const [inserted] = await insertRows(uow, [{ ...columns, status: CANDIDATE_DEFAULTS.status }], null);
        const reference = await withFreshId(
          newApplicationReference,
          async (drawn) => {
            await trx('candidates').where({ id: inserted!.id }).update({ application_reference: drawn });
            return drawn;
          },
          { attempts: REFERENCE_ATTEMPTS, exhausted: () => new Error('no free application reference') },
        );
        const candidate = await getCandidate(String(inserted!.id), { id: 0, role: 'admin' }, trx);
        emit('candidate.created', { ...candidate, canEdit: false });
        await announceJobs([jobId], uow);
        return { candidate, reference };
      }, outer);
    },

    /** 404 or 403 unless the actor may edit the candidate (checked before an upload is stored). */
    async assertMayEdit(ref: string, actor: Caller): Promise<void> {
      const row = (await whereRef(db('candidates as c'), ref).first(
        'c.id',
        'c.created_by_id',
        'c.job_id',
      )) as Row | undefined;
      if (!row) throw notFound(M.notFound);
      if (!mayEdit(row, actor, await editableJobIds(actor))) throw forbidden(M.noEditPermission);
    },

    /** Attaches a stored file (resume or photo) to the candidate. */
    async attachFile(ref: string, column: 'resume_url' | 'image_url', url: string, actor: Caller) {
      return inUnitOfWork(async (uow) => {
        const row = await loadForWrite(uow.trx, ref, actor, M.noEditPermission);
        await uow
          .trx('candidates')
          .where({ id: row.id })
          .update({ [column]: url, updated_at: new Date(), version: uow.trx.raw('version + 1') });
        const candidate = await getCandidate(String(row.id), actor, uow.trx);
        uow.emit('candidate.updated', candidate);
        return candidate;
      });
    },

    /**
     * Bulk add (spec 3 §5): every row checked on its own, duplicates found within the file and against the
     * database (the same rule as a single add), the rest inserted in batches in one transaction, their
     * events published after the commit.
     */
    async bulkUpload(rows: Record<string, unknown>[], actor: Caller): Promise<BulkUploadAnswer> {
      const results: BulkResults = { success: [], duplicates: [], errors: [] };
      const label = (row: Record<string, unknown>) => ({
        name: typeof row.name === 'string' ? row.name : '',
        email: typeof row.email === 'string' ? row.email : '',
      });
      const valid: { index: number; columns: Columns & { status: string } }[] = [];
      rows.forEach((raw, index) => {
        if (!bulkRowCheck.Check(raw)) {
          const first = Object.values(fieldErrors(CandidateBulkRow, raw))[0] ?? M.noValidCandidates;
          return void results.errors.push({ row: index + 1, ...label(raw), error: first });
        }
        const row = raw as CandidateBulkRow;
        const status = (row.status?.trim().toLowerCase() || CANDIDATE_DEFAULTS.status) as CandidateStatus;
        if (!CANDIDATE_STATUSES.includes(status) || status === 'rejected') {
          return void results.errors.push({
            row: index + 1,
            ...label(raw),
            error: `Status must be one of ${CANDIDATE_STATUSES.filter((s) => s !== 'rejected').join(', ')}`,
          });
        }
        if (sourceOf(row.source) === null) {
          return void results.errors.push({
            row: index + 1,
            ...label(raw),
            error: `Source must be one of ${CANDIDATE_SOURCES.join(', ')}`,
          });
        }
        valid.push({ index, columns: { ...toColumns(row as Omit<CandidateCreate, 'status'>), status } });
      });

      // The jobs the rows name and the stored candidates that share an e-mail or a phone with one: the three
      // side by side, each a batch at a time (a 50,000-row file must not take every pooled connection).
      const lookup = async (table: string, column: string, values: (string | number)[]) => {
        const found: unknown[] = [];
        for (const batch of chunks([...new Set(values)], LOOKUP_BATCH))
          found.push(...((await db(table).whereIn(column, batch).pluck(column)) as unknown[]));
        return found;
      };
      const [jobsFound, emailsFound, phonesFound] = await Promise.all([
        lookup(
          'jobs',
          'id',
          valid.map((v) => v.columns.job_id),
        ),
        lookup(
          'candidates',
          'email',
          valid.map((v) => v.columns.email),
        ),
        lookup('candidates', 'phone_key', valid.map((v) => v.columns.phone_key).filter(Boolean)),
      ]);
      const known = new Set(jobsFound.map(Number));
      const storedEmails = new Set(emailsFound.map(String));
      const storedPhones = new Set(phonesFound.map(String));
      const seenEmails = new Set<string>();
      const seenPhones = new Set<string>();
      const accepted: typeof valid = [];
      for (const entry of valid) {
        const { columns } = entry;
        const who = { name: columns.name, email: columns.email, phone: columns.phone };
        if (!known.has(columns.job_id)) {
          results.errors.push({
            row: entry.index + 1,
            name: who.name,
            email: who.email,
            error: M.unknownJob,
          });
        } else if (storedEmails.has(columns.email)) {
          results.duplicates.push({ ...who, error: M.duplicateEmail });
        } else if (columns.phone_key && storedPhones.has(columns.phone_key)) {
          results.duplicates.push({ ...who, error: M.duplicatePhone });
        } else if (
          seenEmails.has(columns.email) ||
          (columns.phone_key && seenPhones.has(columns.phone_key))
        ) {
          results.duplicates.push({ ...who, error: M.duplicateInFile });
        } else {
          seenEmails.add(columns.email);
          if (columns.phone_key) seenPhones.add(columns.phone_key);
          accepted.push(entry);
        }
      }

      if (accepted.length > 0) {
        await inUnitOfWork(async (uow) => {
          const inserted = await insertRows(
            uow,
            accepted.map((a) => a.columns),
            actor.id,
          );
          // The created candidates as lists show them, built from what was written (no read back).
          const jobs = (await uow
            .trx('jobs')
            .whereIn('id', [...new Set(inserted.map((i) => i.row.job_id))])
            .select('id', 'title', 'type', 'city', 'state', 'questions')) as Row[];
          const jobOfId = new Map(jobs.map((j) => [Number(j.id), j]));
          const creator = await actorName(uow.trx, actor);
          const now = new Date();
          for (const { id, uuid, row } of inserted) {
            const job = jobOfId.get(row.job_id)!;
            // Object.assign, not a spread followed by more keys: V8 then makes objects that toRecord reads
            // several times faster (300 ms for 5,000 rows otherwise).
            const candidate = CandidateModel.toRecord(
              Object.assign(
                {
                  id,
                  uuid,
                  version: 1,
                  shared_with_client: 0,
                  created_by_id: actor.id,
                  created_by_name: creator,
                  created_at: now,
                  updated_at: now,
                  job_title: job.title,
                  job_type: job.type,
                  job_city: job.city,
                  job_state: job.state,
                  job_questions: job.questions,
                },
                row,
              ),
              true,
            );
            uow.emit('candidate.created', candidate);
            results.success.push({ name: row.name, email: row.email, id, uuid });
          }
          await announceJobs([...jobOfId.keys()], uow);
        });
      }
      results.errors.sort((a, b) => a.row - b.row);
      const added = results.success.length;
      return {
        success: added > 0 || (results.errors.length === 0 && results.duplicates.length > 0),
        message:
          added > 0
            ? `${M.bulkDone}: ${M.bulkSummary(added, results.duplicates.length, results.errors.length)}`
            : M.bulkSummary(added, results.duplicates.length, results.errors.length),
        results,
      };
    },

    /**
     * Shares the job's shortlisted candidates with its client by e-mail (to the client e-mail the job
     * holds: never an address from the request) and marks them shared.
     */
    async share(body: ShareBody, actor: Caller): Promise<ShareAnswer> {
      const jobId = Number(body.jobId);
      const job = (await db('jobs').where({ id: jobId }).first()) as Row | undefined;
      if (!job) throw notFound(JOB_MESSAGES.notFound);
      const q = selectCandidates(db).where('c.job_id', jobId).where('c.status', 'shortlisted');
      if (body.candidates) {
        const { ids, uuids } = splitRefs(body.candidates);
        q.where((w) => w.whereIn('c.id', ids).orWhereIn('c.uuid', uuids));
      }
      const rows = (await q.orderBy('c.name')) as Row[];
      if (rows.length === 0) throw invalid(M.noShortlisted);
      // Sharing marks the candidates shared: it is a change, so each one passes the edit check before any mail.
      const editable = await editableJobIds(actor);
      if (!rows.every((row) => mayEdit(row, actor, editable))) throw forbidden(M.noEditPermission);
      const candidates = rows.map((r) => CandidateModel.toRecord(r, false));
      await mailer.send(
        shortlistMail(
          {
            title: String(job.title),
            clientName: String(job.client_name),
            clientEmail: String(job.client_email),
          },
          candidates,
        ),
        actor.id,
      );
      const sharedAt = new Date();
      const shared = await inUnitOfWork(async (uow) => {
        await uow
          .trx('candidates')
          .whereIn(
            'id',
            candidates.map((c) => c.id),
          )
          .update({ shared_with_client: true, shared_at: sharedAt, version: uow.trx.raw('version + 1') });
        const updated = await findCandidates(
          candidates.map((c) => c.id),
          actor,
          uow.trx,
        );
        for (const candidate of updated) uow.emit('candidate.updated', candidate);
        return updated;
      });
      return {
        success: true,
        message: M.shared(shared.length),
        shared: shared.map((c) => ({
          id: c.id,
          uuid: c.uuid,
          shared_at: c.shared_at ?? sharedAt.toISOString(),
        })),
      };
    },
  };
}
export type CandidateService = ReturnType<typeof createCandidateService>;
