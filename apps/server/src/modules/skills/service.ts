import type { Knex } from 'knex';
import {
  PAGE_SIZES,
  SKILL_MESSAGES,
  type Skill,
  type SkillCreate,
  type SkillListQuery,
  type SkillPage,
  type SkillUpdate,
} from '@portal/contracts';
import { conflict, notFound } from '../../errors.ts';
import { isForeignKeyViolation, isUniqueViolation, selectRows } from '../../db/dialect.ts';
import { int, total as totalOf, type DbInt } from '../../lib/rows.ts';
import { nameColumns, skillNameKey, toSkill, type SkillListRow, type SkillRow } from './model.ts';
import { LIKE_ESCAPE, likePattern, pageBounds } from '../../lib/paging.ts';
import type { InUnitOfWork, UnitOfWork } from '../../events.ts';
import type { Caller } from '../../lib/caller.ts';

/** Skills with the names of who created and last changed them. */
function selectSkills(db: Knex | Knex.Transaction) {
  return db('skills as s')
    .leftJoin('users as c', 'c.id', 's.created_by_id')
    .leftJoin('users as u', 'u.id', 's.updated_by_id')
    .select('s.*', 'c.name as created_by', 'u.name as updated_by');
}

/**
 * The skills list's statements, one for each combination of its filters (none, search, status, both), as
 * SQL text written once: the list runs on every visit to the catalogue, and building it with knex's builder
 * cost more than running it (bench/throughput.ts). `page` takes the filter's values twice (the total's
 * subquery, then the page), then the page's size and offset; `count` takes them once.
 */
const SKILL_FILTERS = [false, true].flatMap((status) =>
  [false, true].map((search) => {
    const terms = [
      ...(search ? [`s.name LIKE ? ESCAPE '${LIKE_ESCAPE}'`] : []),
      ...(status ? ['s.status = ?'] : []),
    ];
    const where = terms.length > 0 ? `WHERE ${terms.join(' AND ')}` : '';
    return {
      page: `SELECT s.*, c.name AS created_by, u.name AS updated_by,
          (SELECT COUNT(*) FROM skills s ${where}) AS total
        FROM skills s
        LEFT JOIN users c ON c.id = s.created_by_id
        LEFT JOIN users u ON u.id = s.updated_by_id
        ${where}
        ORDER BY s.id DESC LIMIT ? OFFSET ?`,
      count: `SELECT COUNT(*) AS n FROM skills s ${where}`,
    };
  }),
);

/** The list's first statement with no filter (the catalogue as it opens): the page, then its size and offset. */
export const SKILL_PAGE_SQL = SKILL_FILTERS[0]!.page;

export function createSkillService({ db, inUnitOfWork }: { db: Knex; inUnitOfWork: InUnitOfWork }) {
  /** Names are unique whatever their case: "React" and "react" are one skill. */
  async function assertNameFree(trx: Knex.Transaction, name: string, exceptId?: number) {
    const q = trx('skills').where('name_key', skillNameKey(name));
    if (exceptId) q.whereNot('id', exceptId);
    if (await q.first('id')) throw conflict(SKILL_MESSAGES.nameTaken, { field: 'name' });
  }

  async function getSkill(id: number, trx: Knex | Knex.Transaction = db): Promise<Skill> {
    const row: SkillRow | undefined = await selectSkills(trx).where('s.id', id).first();
    if (!row) throw notFound(SKILL_MESSAGES.notFound);
    return toSkill(row);
  }

  async function write<T>(work: (uow: UnitOfWork) => Promise<T>, outer?: UnitOfWork): Promise<T> {
    try {
      return await inUnitOfWork(work, outer);
    } catch (error) {
      // Two people saving the same new name at once: the unique index settles it.
      if (isUniqueViolation(error)) throw conflict(SKILL_MESSAGES.nameTaken, { field: 'name' });
      throw error;
    }
  }

  return {
    getSkill: (id: number) => getSkill(id),

    async listSkills(query: SkillListQuery): Promise<SkillPage> {
      const { page, pageSize, offset } = pageBounds(query, PAGE_SIZES.skills);
      const search = query.search?.trim();
      const filter = SKILL_FILTERS[(search ? 1 : 0) + (query.status ? 2 : 0)]!;
      const bindings: string[] = [];
      if (search) bindings.push(likePattern(search.toLowerCase()));
      if (query.status) bindings.push(query.status);
      // The total comes with the page, from a subquery the database runs once (its `s` is its own);
      // only a page past the end, with no row to carry it, asks again.
      const rows = await selectRows<SkillListRow>(db, filter.page, [
        ...bindings,
        ...bindings,
        pageSize,
        offset,
      ]);
      const total =
        rows.length > 0
          ? totalOf(rows[0]!.total)
          : totalOf((await selectRows<{ n: DbInt }>(db, filter.count, bindings))[0]?.n ?? 0);
      return { items: rows.map(toSkill), total, page, pageSize };
    },

    async createSkill(input: SkillCreate, actor: Caller, outer?: UnitOfWork): Promise<Skill> {
      const name = input.name.trim();
      return write(async ({ trx, emit }) => {
        await assertNameFree(trx, name);
        const now = new Date();
        const [id] = await trx('skills').insert({
          ...nameColumns(name),
          description: input.description?.trim() ?? '',
          status: input.status ?? 'active',
          created_by_id: actor.id,
          updated_by_id: actor.id,
          created_at: now,
          updated_at: now,
        });
        emit('skill.changed', { id: int(id!) });
        return getSkill(int(id!), trx);
      }, outer);
    },

    async updateSkill(id: number, input: SkillUpdate, actor: Caller, outer?: UnitOfWork): Promise<Skill> {
      return write(async ({ trx, emit }) => {
        const existing = await trx('skills').where({ id }).first('id');
        if (!existing) throw notFound(SKILL_MESSAGES.notFound);
        const changes: Record<string, unknown> = { updated_by_id: actor.id, updated_at: new Date() };
        if (input.name !== undefined) {
          Object.assign(changes, nameColumns(input.name));
          await assertNameFree(trx, input.name.trim(), id);
        }
        if (input.description !== undefined) changes.description = input.description.trim();
        if (input.status !== undefined) changes.status = input.status;
        await trx('skills').where({ id }).update(changes);
        emit('skill.changed', { id });
        return getSkill(id, trx);
      }, outer);
    },

    async deleteSkill(id: number, outer?: UnitOfWork): Promise<void> {
      await inUnitOfWork(async ({ trx, emit }) => {
        const deleted = await trx('skills')
          .where({ id })
          .delete()
          .catch((error: unknown) => {
            // Jobs refer to their skills; such a skill is set inactive rather than deleted.
            throw isForeignKeyViolation(error) ? conflict(SKILL_MESSAGES.inUse) : error;
          });
        if (!deleted) throw notFound(SKILL_MESSAGES.notFound);
        emit('skill.changed', { id, deleted: true });
      }, outer);
    },
  };
}
export type SkillService = ReturnType<typeof createSkillService>;
