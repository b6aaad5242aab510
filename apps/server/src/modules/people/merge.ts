/**
 * Two people who are one, merged (admins only), and undone. The other person's applications move to the
 * person merged into, except those in a job this person is in already: a person has one application per
 * job, so those stay with the other person, who then remains, and the answer says so (nothing is dropped).
 * Each field keeps the value the admin picked. The merge is recorded with both people's rows and the moved
 * applications as they were, so that undoing it gives both back, as long as no moved application has
 * changed job or gone since. Every change goes through the one path a person's fields take (the candidates
 * module's mirror): versions move, changes are recorded, rooms hear of it.
 */
import type { Knex } from 'knex';
import {
  CANDIDATE_MESSAGES as M,
  PERSON_FIELDS,
  type PersonMergeAnswer,
  type PersonMergeBody,
  type PersonMergePreview,
  type SuggestedDuplicate,
} from '@portal/contracts';
import { conflict, forbidden, invalid, notFound } from '../../errors.ts';
import type { InUnitOfWork } from '../../events.ts';
import type { Caller } from '../../lib/caller.ts';
import { phoneKey } from '../../lib/phones.ts';
import { int, type DbInt } from '../../lib/rows.ts';
import { personChanges } from '../candidates/person-mirror.ts';
import type { CandidateService } from '../candidates/service.ts';
import { lockPerson } from './store.ts';
import {
  MIRRORED_COLUMNS,
  toPersonApplication,
  type MirroredColumn,
  type PersonApplicationRow,
  type PersonRow,
} from './model.ts';

type Db = Knex | Knex.Transaction;

/** A suggested person before their applications are read (the people service adds them). */
type PersonBrief = Omit<SuggestedDuplicate['a'], 'applications'>;

/** What a merge keeps, to undo it: both people as they were, and each moved application's job. */
interface MergeRecord {
  kept: PersonRow;
  other: PersonRow;
  moved: { id: number; job_id: number }[];
}

/** Merges, their undoing and the suggested duplicates are for admins. */
const adminOnly = (actor: Caller) => {
  if (actor.role !== 'admin') throw forbidden(M.noEditPermission);
};

/** A person's applications with their jobs, as a merge sorts them. */
type ApplicationOfPerson = PersonApplicationRow & { id: DbInt };

const applicationsOf = (db: Db, personId: number): Promise<ApplicationOfPerson[]> =>
  db('candidates as c')
    .join('jobs as j', 'j.id', 'c.job_id')
    .where('c.person_id', personId)
    .orderBy('c.id')
    .select('c.id', 'c.uuid', 'c.job_id', 'j.title as job_title', 'c.status');

/** The other person's applications, sorted: those that move, those kept apart (a job both are in). */
async function sortApplications(db: Db, personId: number, otherId: number) {
  const [mine, theirs] = await Promise.all([applicationsOf(db, personId), applicationsOf(db, otherId)]);
  const jobs = new Set(mine.map((a) => int(a.job_id)));
  return {
    moving: theirs.filter((a) => !jobs.has(int(a.job_id))),
    keptApart: theirs.filter((a) => jobs.has(int(a.job_id))),
  };
}

/** The person's mirrored columns as one row holds them. */
const mirroredOf = (row: PersonRow) =>
  Object.fromEntries(MIRRORED_COLUMNS.map((c) => [c, row[c]])) as Pick<PersonRow, MirroredColumn>;

export function createPersonMerges({
  db,
  inUnitOfWork,
  candidates,
  getPerson,
}: {
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  candidates: CandidateService['forPeople'];
  getPerson: (id: number, reader: Caller, trx?: Db) => Promise<PersonMergeAnswer['person']>;
}) {
  /** Both people, locked in id order (two merges of the same pair wait in turn); 404 for either missing. */
  async function lockBoth(trx: Knex.Transaction, id: number, otherId: number) {
    const [first, second] = id < otherId ? [id, otherId] : [otherId, id];
    const a = await lockPerson(trx, first);
    const b = await lockPerson(trx, second);
    if (!a || !b) throw notFound(M.personNotFound);
    return id < otherId ? { kept: a, other: b } : { kept: b, other: a };
  }

  return {
    async mergePreview(id: number, otherId: number): Promise<PersonMergePreview> {
      if (id === otherId) throw invalid(M.mergeSelf);
      const [kept, other] = await Promise.all([
        db<PersonRow>('people').where({ id }).first(),
        db<PersonRow>('people').where({ id: otherId }).first(),
      ]);
      if (!kept || !other) throw notFound(M.personNotFound);
      const { moving, keptApart } = await sortApplications(db, id, otherId);
      const value = (v: unknown) =>
        v === null || v === undefined ? null : typeof v === 'number' ? v : String(v);
      return {
        differing: PERSON_FIELDS.filter((f) => String(kept[f] ?? '') !== String(other[f] ?? '')).map((f) => ({
          field: f,
          mine: value(kept[f]),
          theirs: value(other[f]),
        })),
        moving: moving.map(toPersonApplication),
        keptApart: keptApart.map(toPersonApplication),
      };
    },

    async merge(id: number, body: PersonMergeBody, actor: Caller): Promise<PersonMergeAnswer> {
      adminOnly(actor);
      const otherId = body.otherId;
      if (id === otherId) throw invalid(M.mergeSelf);
      return inUnitOfWork(async (uow) => {
        const { trx } = uow;
        const { kept, other } = await lockBoth(trx, id, otherId);
        const { moving, keptApart } = await sortApplications(trx, id, otherId);
        // Each field as picked; the phone's key follows the phone kept.
        const next = mirroredOf(kept);
        for (const field of PERSON_FIELDS)
          if (body.fields?.[field] === 'theirs') Object.assign(next, { [field]: other[field] });
        next.phone_key = phoneKey(next.phone);
        const now = new Date();
        const record: MergeRecord = {
          kept,
          other,
          moved: moving.map((a) => ({ id: int(a.id), job_id: int(a.job_id) })),
        };
        const [mergeId] = await trx('person_merges').insert({
          person_id: id,
          other_id: otherId,
          merged_by_id: actor.id,
          merged_at: now,
          record: JSON.stringify(record),
        });
        await candidates.mirror(uow, { personId: id, changed: personChanges(kept, next), actor });
        await candidates.rewrite(uow, moving, { ...next, person_id: id }, actor, now);
        if (keptApart.length === 0) await trx('people').where({ id: otherId }).delete();
        return {
          mergeId: Number(mergeId),
          message: M.merged(next.name, moving.length, keptApart.length),
          person: await getPerson(id, actor, trx),
          moved: moving.map(toPersonApplication),
          keptApart: keptApart.map(toPersonApplication),
          otherRemains: keptApart.length > 0,
        };
      });
    },

    /** Gives back both people and the applications moved, as they were before the merge. */
    async undoMerge(mergeId: number, actor: Caller) {
      adminOnly(actor);
      return inUnitOfWork(async (uow) => {
        const { trx } = uow;
        const merge: { person_id: DbInt; other_id: DbInt; record: string; undone_at: unknown } | undefined =
          await trx('person_merges').where({ id: mergeId }).forUpdate().first();
        if (!merge) throw notFound(M.mergeNotFound);
        if (merge.undone_at) throw conflict(M.mergeUndone);
        const record = JSON.parse(merge.record) as MergeRecord;
        const [id, otherId] = [int(merge.person_id), int(merge.other_id)];
        const kept = await lockPerson(trx, id);
        const stillThere: { id: DbInt; uuid: string; job_id: DbInt; person_id: DbInt }[] = await trx(
          'candidates',
        )
          .whereIn(
            'id',
            record.moved.map((m) => m.id),
          )
          .forUpdate()
          .select('id', 'uuid', 'job_id', 'person_id');
        const unchanged = record.moved.every((m) =>
          stillThere.some((r) => int(r.id) === m.id && int(r.job_id) === m.job_id && int(r.person_id) === id),
        );
        if (!kept || !unchanged) throw conflict(M.mergeUndoBlocked);
        const now = new Date();
        // Dates come back from the record as text: the database takes them as dates again.
        if (!(await lockPerson(trx, otherId)))
          await trx('people').insert({
            ...record.other,
            created_at: new Date(record.other.created_at),
            updated_at: new Date(record.other.updated_at),
          });
        await candidates.rewrite(
          uow,
          stillThere,
          { ...mirroredOf(record.other), person_id: otherId },
          actor,
          now,
        );
        await candidates.mirror(uow, {
          personId: id,
          changed: personChanges(kept, mirroredOf(record.kept)),
          actor,
        });
        await trx('person_merges').where({ id: mergeId }).update({ undone_at: now, undone_by_id: actor.id });
        return {
          message: M.mergeUndoneDone,
          person: await getPerson(id, actor, trx),
          other: await getPerson(otherId, actor, trx),
        };
      });
    },
  };
}

/**
 * People who may be one, for an admin to look at: the same name, and the same phone's last seven
 * digits or the same name before the @ of the e-mail. The newest pairs first, at most 50.
 */
export async function suggestedDuplicates(
  db: Knex,
  actor: Caller,
): Promise<{ a: PersonBrief; b: PersonBrief }[]> {
  adminOnly(actor);
  const rows: Record<'a_id' | 'b_id', DbInt>[] = await db('people as a')
    .join('people as b', function () {
      this.on('b.name', 'a.name').andOn('b.id', '>', 'a.id');
    })
    .where((any) =>
      any
        .whereRaw("a.phone_key <> '' AND SUBSTR(a.phone_key, -7) = SUBSTR(b.phone_key, -7)")
        .orWhereRaw(
          "INSTR(a.email, '@') > 1 AND SUBSTR(a.email, 1, INSTR(a.email, '@') - 1) = SUBSTR(b.email, 1, INSTR(b.email, '@') - 1)",
        ),
    )
    .orderBy('b.id', 'desc')
    .limit(50)
    .select('a.id as a_id', 'b.id as b_id');
  const ids = [...new Set(rows.flatMap((r) => [int(r.a_id), int(r.b_id)]))];
  const people: PersonRow[] = ids.length ? await db<PersonRow>('people').whereIn('id', ids) : [];
  const brief = (id: number) => {
    const p = people.find((x) => int(x.id) === id)!;
    return { id, name: p.name, email: p.email, phone: p.phone };
  };
  return rows.map((r) => ({ a: brief(int(r.a_id)), b: brief(int(r.b_id)) }));
}
