/**
 * A person's fields changed through one of their applications (an edit, a photo): the person's row and
 * every other application of theirs take the new values in the same transaction, each application's
 * version moving with its change recorded, so that an edit made meanwhile through another application is
 * refused with who changed which field and merged as any stale edit is (changes.ts). Every job room where
 * the person has an application hears `person:updated`, and each other application's room its
 * `candidate:updated`. The caller has locked the person first (`lockPersonFirst`), then the application.
 */
import type { Knex } from 'knex';
import type { PersonField } from '@portal/contracts';
import type { UnitOfWork } from '../../events.ts';
import type { Caller } from '../../lib/caller.ts';
import { int, type DbInt } from '../../lib/rows.ts';
import { lockPerson } from '../people/store.ts';
import { MIRRORED_COLUMNS, type MirroredColumn, type PersonRow } from '../people/model.ts';
import type { CandidateRow } from './model.ts';
import { recordCandidateChange } from './changes.ts';
import { indexNames } from './search.ts';
import { whereRef } from './columns.ts';
import type { CandidateAccess } from './access.ts';
import type { CandidateWrites } from './writes.ts';

/** The person's columns that `next` changes against the application as stored. */
export function personChanges(
  stored: Pick<CandidateRow, MirroredColumn>,
  next: Pick<CandidateRow, MirroredColumn>,
): Partial<Pick<CandidateRow, MirroredColumn>> {
  const changed: Partial<Record<MirroredColumn, unknown>> = {};
  for (const column of MIRRORED_COLUMNS) {
    const [a, b] = [stored[column], next[column]];
    const blank = (v: unknown) => v === null || v === undefined || v === '';
    const same =
      blank(a) || blank(b) ? blank(a) && blank(b) : String(a) === String(b) || Number(a) === Number(b);
    if (!same) changed[column] = b;
  }
  return changed as Partial<Pick<CandidateRow, MirroredColumn>>;
}

/**
 * The person of the application `ref` names, read before the edit's transaction begins: on MySQL a
 * transaction's plain reads see the database as it was at its first one, so a first read made before
 * waiting for the person's lock would hide what the edit waited for (another application's edit of the
 * person, and the change it recorded here). The person never changes for an application, so reading it
 * first is safe.
 */
export async function personOf(db: Knex, ref: string): Promise<number | null> {
  const owner: { person_id: DbInt | null } | undefined = await whereRef(db('candidates as c'), ref).first(
    'c.person_id',
  );
  return owner?.person_id == null ? null : int(owner.person_id);
}

/** Locks the person (`personOf`) before anything else of the edit: edits of one person wait in turn. */
export async function lockPersonFirst(trx: Knex.Transaction, personId: number | null): Promise<void> {
  if (personId !== null) await lockPerson(trx, personId);
}

export function createPersonMirror({
  access: { findCandidates },
  writes: { actorNames },
}: {
  access: CandidateAccess;
  writes: CandidateWrites;
}) {
  /**
   * Writes the person's columns (and, for a merge, the person they now belong to) to applications: each
   * one's version moves with its change recorded, its search words follow a new name, and its job room
   * hears `candidate:updated`.
   */
  async function rewrite(
    uow: UnitOfWork,
    applications: Pick<CandidateRow, 'id' | 'uuid'>[],
    columns: Partial<Pick<CandidateRow, MirroredColumn | 'person_id'>>,
    actor: Caller,
    now: Date,
  ): Promise<void> {
    if (applications.length === 0) return;
    const { trx, emit } = uow;
    const ids = applications.map((a) => int(a.id));
    await trx('candidates')
      .whereIn('id', ids)
      .update({ ...columns, updated_at: now, version: trx.raw('version + 1') });
    const fields = Object.keys(columns).filter(
      (c): c is PersonField => c !== 'phone_key' && c !== 'person_id',
    );
    await recordCandidateChange(trx, ids, actor.id, fields);
    if (columns.name !== undefined) {
      await trx('candidate_words').whereIn('candidate_id', ids).delete();
      await indexNames(
        trx,
        ids.map((id) => ({ id, name: columns.name! })),
      );
    }
    // Read back in one query (a person may have many applications, a merge moves them all).
    for (const candidate of await findCandidates(ids, actor, trx)) emit('candidate.updated', candidate);
  }

  return {
    rewrite,
    /**
     * Writes `changed` (the person's columns) to the person and to their applications other than
     * `applicationId` (which its own write has changed; none when the person is edited as such);
     * `personOnly` (the person's notes, a resume given to one application, which becomes the person's
     * latest) goes to the person alone.
     */
    async mirror(
      uow: UnitOfWork,
      {
        personId,
        applicationId,
        changed,
        personOnly = {},
        actor,
      }: {
        personId: number;
        applicationId?: number;
        changed: Partial<Pick<CandidateRow, MirroredColumn>>;
        personOnly?: Partial<Pick<PersonRow, 'notes' | 'resume_url'>>;
        actor: Caller;
      },
    ): Promise<void> {
      const { trx, emit } = uow;
      const columns = Object.keys(changed) as MirroredColumn[];
      const own = Object.keys(personOnly);
      if (columns.length === 0 && own.length === 0) return;
      const now = new Date();
      await trx('people')
        .where({ id: personId })
        .update({ ...changed, ...personOnly, updated_at: now, version: trx.raw('version + 1') });
      // The fields as the API names them (the phone's key follows the phone and is not one).
      const fields = columns.filter((c): c is PersonField => c !== 'phone_key');
      await trx.raw(
        `INSERT INTO person_changes (person_id, version, changed_by_id, fields, changed_at)
         SELECT id, version, ?, ?, ? FROM people WHERE id = ?`,
        [actor.id, JSON.stringify([...fields, ...own]), now, personId],
      );
      const applications: Pick<CandidateRow, 'id' | 'uuid' | 'job_id'>[] = await trx('candidates')
        .where({ person_id: personId })
        .orderBy('id')
        .select('id', 'uuid', 'job_id');
      // The person's message first: it is the change itself, which a person's page shows; each
      // application's own message, with its new version for the boards and lists, follows it.
      if (fields.length > 0) {
        const person: Pick<PersonRow, 'version'> | undefined = await trx<PersonRow>('people')
          .where({ id: personId })
          .first('version');
        emit('person.updated', {
          personId,
          fields: Object.fromEntries(fields.map((f) => [f, valueOf(changed[f])])),
          version: int(person!.version),
          by: (await actorNames(trx, actor)).username,
          at: now.toISOString(),
          jobIds: [...new Set(applications.map((a) => int(a.job_id)))],
        });
      }
      const others = applications.filter((a) => int(a.id) !== applicationId);
      if (columns.length > 0) await rewrite(uow, others, changed, actor, now);
    },
  };
}
export type PersonMirror = ReturnType<typeof createPersonMirror>;

/** A column's value as a message carries it: decimals as numbers, blanks as null. */
function valueOf(value: unknown): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'number' ? value : String(value);
}
