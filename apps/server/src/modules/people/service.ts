/**
 * The talent pool: people across all jobs, searched and filtered, each with their applications; a
 * person's page (the profile once, every application); and an edit of the person as such, which changes
 * every application of theirs through the one path that writes a person's fields (candidates'
 * person-mirror.ts).
 */
import type { Knex } from 'knex';
import {
  CANDIDATE_LIMITS,
  CANDIDATE_MESSAGES as M,
  PAGE_SIZES,
  PERSON_STAGES,
  describeCandidateChanges,
  normalEmail,
  toNumberOrNull,
  type Candidate,
  type PeopleExportRow,
  type PeopleFilterQuery,
  type PeoplePage,
  type PeopleQuery,
  type Person,
  type PersonApplication,
  type PersonUpdate,
  type SuggestedDuplicate,
} from '@portal/contracts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import type { InUnitOfWork } from '../../events.ts';
import type { Caller } from '../../lib/caller.ts';
import { startOfDay } from '../../lib/dates.ts';
import { countRowsUpTo, likePattern } from '../../lib/paging.ts';
import { phoneKey } from '../../lib/phones.ts';
import { decimal, decimalOrNull, int, intOrNull, total, type DbInt } from '../../lib/rows.ts';
import { personChanges } from '../candidates/person-mirror.ts';
import { toCandidateChange } from '../candidates/model.ts';
import type { CandidateService } from '../candidates/service.ts';
import { findPerson, lockPerson } from './store.ts';
import { exportBatches } from './export.ts';
import { peopleSearch, type PeopleSearch } from './search.ts';
import { createPersonMerges, suggestedDuplicates } from './merge.ts';
import {
  toPersonApplication,
  toPersonListItem,
  toPerson,
  toPersonMerge,
  type PeopleApplicationRow,
  type PersonMergeRow,
  type PersonChangeRow,
  type PersonRow,
} from './model.ts';

type Db = Knex | Knex.Transaction;

/**
 * The talent pool's query of `people as p`, narrowed by the search and filters (in an object: a query
 * builder returned from an async function would be run by the `await`), with the search, and whether
 * anything but the search narrows it.
 */
async function peopleMatching(
  db: Knex,
  query: PeopleFilterQuery,
): Promise<{ q: Knex.QueryBuilder; search: PeopleSearch | null; filtered: boolean }> {
  const { minExperience, maxExperience } = query;
  if (minExperience !== undefined && maxExperience !== undefined && minExperience > maxExperience)
    throw invalid(M.filterExperienceOrder);
  const q = db('people as p');
  const search = await peopleSearch(db, query.search);
  search?.narrow(q);
  if (query.minExperience !== undefined) q.where('p.experience', '>=', query.minExperience);
  if (query.maxExperience !== undefined) q.where('p.experience', '<=', query.maxExperience);
  if (query.maxExpectedCtc !== undefined) q.where('p.expected_ctc', '<=', query.maxExpectedCtc);
  if (query.maxNotice !== undefined) q.where('p.notice_period', '<=', query.maxNotice);
  if (query.location?.trim()) {
    const pattern = likePattern(query.location.trim());
    q.where((any) =>
      any
        .whereRaw(`p.current_location LIKE ? ESCAPE '!'`, [pattern])
        .orWhereRaw(`p.preferred_location LIKE ? ESCAPE '!'`, [pattern]),
    );
  }
  if (query.activeSince) q.where('p.updated_at', '>=', startOfDay(query.activeSince));
  if (query.furthestStage) {
    // Ever reached: a history entry into that stage or a later one, in any application of theirs; asked
    // per person as a scalar subquery (MariaDB turns an EXISTS into a read of every application's history).
    const reached = PERSON_STAGES.slice(PERSON_STAGES.indexOf(query.furthestStage));
    const entry = db('candidates as c')
      .join('candidate_history as h', 'h.candidate_id', 'c.id')
      .whereRaw('c.person_id = p.id')
      .whereIn('h.to_status', reached)
      .select(db.raw('1'))
      .limit(1);
    q.whereRaw('(?) IS NOT NULL', [entry]);
  }
  const filters = [
    query.minExperience,
    query.maxExperience,
    query.maxExpectedCtc,
    query.maxNotice,
    query.location?.trim() || undefined,
    query.activeSince,
    query.furthestStage,
  ];
  return { q, search, filtered: filters.some((value) => value !== undefined) };
}

/**
 * The pool's total: every person (a count of the narrowest index) when nothing narrows it, else counted
 * up to CANDIDATE_LIMITS.countedMatches or the end of the page asked for (a lower bound beyond that, as
 * the candidate lists count): by the search's own matches when only a walking search narrows it.
 */
async function countPeople(
  db: Knex,
  { q, search, filtered }: Awaited<ReturnType<typeof peopleMatching>>,
  pageEnd: number,
): Promise<{ total: number; totalIsLowerBound: boolean }> {
  if (!search && !filtered)
    return { total: total((await db('people').count({ n: '*' }).first())?.n), totalIsLowerBound: false };
  const atMost = Math.max(CANDIDATE_LIMITS.countedMatches, pageEnd);
  if (search?.countAlone && !filtered) return search.countAlone(atMost);
  return countRowsUpTo(db, q.clone().select('p.id'), atMost);
}

/** The applications of several people with their jobs' titles, by person, oldest first. */
async function applicationsOfPeople(db: Db, ids: number[]): Promise<Map<number, PersonApplication[]>> {
  const rows: PeopleApplicationRow[] = ids.length
    ? await db('candidates as c')
        .join('jobs as j', 'j.id', 'c.job_id')
        .whereIn('c.person_id', ids)
        .orderBy('c.id')
        .select('c.person_id', 'c.uuid', 'c.job_id', 'j.title as job_title', 'c.status')
    : [];
  const byPerson = new Map<number, PersonApplication[]>(ids.map((id) => [id, []]));
  for (const row of rows) byPerson.get(int(row.person_id))?.push(toPersonApplication(row));
  return byPerson;
}

/** The merges a person took part in, newest first. */
async function mergesOf(db: Db, id: number): Promise<Person['merges']> {
  const rows: PersonMergeRow[] = await db('person_merges as m')
    .leftJoin('users as u', 'u.id', 'm.merged_by_id')
    .where('m.person_id', id)
    .orWhere('m.other_id', id)
    .orderBy('m.id', 'desc')
    .select(
      'm.id',
      'm.person_id',
      'm.other_id',
      'm.merged_at',
      'm.undone_at',
      'm.record',
      'u.name as merged_by',
    );
  return rows.map(toPersonMerge);
}

/** The person's columns an edit gives (numbers from text, e-mail lower-cased, the phone's key). */
function editedColumns(stored: PersonRow, input: PersonUpdate) {
  const text = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());
  const given = <K extends keyof PersonUpdate>(key: K) => input[key] !== undefined;
  const phone = given('phone') ? input.phone!.trim() : stored.phone;
  const experience = given('experience') ? toNumberOrNull(input.experience) : decimal(stored.experience);
  return {
    name: given('name') ? input.name!.trim() : stored.name,
    email: given('email') ? normalEmail(input.email!) : stored.email,
    phone,
    phone_key: phoneKey(phone),
    experience: Math.round((experience ?? 0) * 10) / 10,
    current_company: given('current_company') ? text(input.current_company) : stored.current_company,
    current_ctc: given('current_ctc') ? toNumberOrNull(input.current_ctc) : decimalOrNull(stored.current_ctc),
    expected_ctc: given('expected_ctc')
      ? toNumberOrNull(input.expected_ctc)
      : decimalOrNull(stored.expected_ctc),
    notice_period: given('notice_period')
      ? toNumberOrNull(input.notice_period)
      : intOrNull(stored.notice_period),
    current_location: given('current_location') ? text(input.current_location) : stored.current_location,
    preferred_location: given('preferred_location')
      ? text(input.preferred_location)
      : stored.preferred_location,
    image_url: stored.image_url,
  };
}

export function createPeopleService({
  db,
  inUnitOfWork,
  candidates,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  /** What the candidates service lends a person's page and edit: their applications, and the one write path. */
  candidates: CandidateService['forPeople'];
}) {
  /** The person's page, as `reader` may see it; 404 when there is none. */
  async function getPerson(id: number, reader: Caller, trx: Db = db): Promise<Person> {
    const row: PersonRow | undefined = await trx<PersonRow>('people').where({ id }).first();
    if (!row) throw notFound(M.personNotFound);
    const ids: { id: DbInt }[] = await trx('candidates').where({ person_id: id }).orderBy('id').select('id');
    const applications: Candidate[] = await candidates.findCandidates(
      ids.map((r) => int(r.id)),
      reader,
      trx,
    );
    const canEdit = reader.role === 'admin' || applications.some((a) => a.canEdit);
    return toPerson(row, applications, await mergesOf(trx, id), canEdit);
  }

  const merges = createPersonMerges({ db, inUnitOfWork, candidates, getPerson });
  /** The pairs, each person with their applications: what an admin weighs before merging. */
  const duplicates = async (actor: Caller): Promise<SuggestedDuplicate[]> => {
    const pairs = await suggestedDuplicates(db, actor);
    const applications = await applicationsOfPeople(db, [...new Set(pairs.flatMap((p) => [p.a.id, p.b.id]))]);
    const withApplications = (p: Omit<SuggestedDuplicate['a'], 'applications'>) => ({
      ...p,
      applications: applications.get(p.id) ?? [],
    });
    return pairs.map(({ a, b }) => ({ a: withApplications(a), b: withApplications(b) }));
  };

  return {
    ...merges,
    suggestedDuplicates: duplicates,
    async listPeople(query: PeopleQuery): Promise<PeoplePage> {
      const page = query.page ?? 1;
      const pageSize = PAGE_SIZES.people;
      const matches = await peopleMatching(db, query);
      const [counted, rows] = await Promise.all([
        countPeople(db, matches, page * pageSize),
        matches.q
          .clone()
          .orderBy([
            { column: 'p.updated_at', order: 'desc' },
            { column: 'p.id', order: 'desc' },
          ])
          .offset((page - 1) * pageSize)
          .limit(pageSize)
          .select('p.*') as Promise<PersonRow[]>,
      ]);
      const applications = await applicationsOfPeople(
        db,
        rows.map((r) => int(r.id)),
      );
      return {
        items: rows.map((r) => toPersonListItem(r, applications.get(int(r.id)) ?? [])),
        ...counted,
        page,
        pageSize,
      };
    },

    /**
     * The whole filtered pool for the Excel export, newest first, in batches read by keyset (never all
     * people at once). The filters are checked before the first batch: wrong input is a 400 before
     * anything is written.
     */
    async exportPeople(query: PeopleFilterQuery): Promise<AsyncGenerator<PeopleExportRow[]>> {
      const { q } = await peopleMatching(db, query);
      return exportBatches(db, q);
    },

    getPerson: (id: number, reader: Caller) => getPerson(id, reader),

    /**
     * The person's fields, changed on every application of theirs. Who may: an admin, or anyone who may
     * edit one of their applications; a stale version is 409 with who changed which field since.
     */
    async updatePerson(id: number, input: PersonUpdate, actor: Caller): Promise<Person> {
      await inUnitOfWork(async (uow) => {
        const { trx } = uow;
        const row = await lockPerson(trx, id);
        if (!row) throw notFound(M.personNotFound);
        // An admin may edit anyone: the person's page is read only to ask whether someone else may.
        if (actor.role !== 'admin' && !(await getPerson(id, actor, trx)).canEdit)
          throw forbidden(M.noEditPermission);
        if (int(row.version) !== input.version) {
          const rows: PersonChangeRow[] = await trx('person_changes as ch')
            .leftJoin('users as u', 'u.id', 'ch.changed_by_id')
            .where('ch.person_id', id)
            .where('ch.version', '>', input.version)
            .orderBy('ch.version')
            .select('ch.*', 'u.name as user_name', 'u.username as user_username');
          const changes = rows.map(toCandidateChange);
          const complete = changes.length === int(row.version) - input.version;
          throw conflict(
            M.personStale(complete && changes.length > 0 ? describeCandidateChanges(changes) : null),
            {
              current: await getPerson(id, actor, trx),
              changes: complete ? changes : [],
            },
          );
        }
        const next = editedColumns(row, input);
        if (next.email !== row.email || next.phone_key !== row.phone_key) {
          const duplicate = await findPerson(trx, next.email, next.phone, id);
          if (duplicate)
            throw conflict(duplicate.message, { field: duplicate.field, personId: duplicate.personId });
        }
        const notes =
          input.notes !== undefined && (input.notes?.trim() || null) !== row.notes
            ? { notes: input.notes?.trim() || null }
            : {};
        await candidates.mirror(uow, {
          personId: id,
          changed: personChanges(row, next),
          personOnly: notes,
          actor,
        });
      });
      // Read once committed: the change's live messages go out as it commits, not after this read.
      return getPerson(id, actor);
    },
  };
}
export type PeopleService = ReturnType<typeof createPeopleService>;
