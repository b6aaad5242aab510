import knexFactory, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus, createUnitOfWorkRunner, type DomainEvent } from './events.ts';

let db: Knex;
beforeAll(async () => {
  db = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: ':memory:' },
    useNullAsDefault: true,
  });
  await db.schema.createTable('notes', (t) => {
    t.increments('id');
    t.string('text');
  });
});
afterAll(() => db.destroy());

function setup() {
  const events = createEventBus();
  const seen: DomainEvent[] = [];
  events.subscribe((e) => seen.push(e));
  return { inUnitOfWork: createUnitOfWorkRunner(db, events), seen };
}

describe('unit of work', () => {
  it('publishes its events after the commit, in the order they were raised', async () => {
    const { inUnitOfWork, seen } = setup();
    const id = await inUnitOfWork(async ({ trx, emit }) => {
      const [first] = await trx('notes').insert({ text: 'a' });
      emit('skill.changed', { id: Number(first) });
      emit('user.changed', { id: 7 });
      // Nothing is out before the commit.
      expect(seen).toEqual([]);
      return Number(first);
    });
    expect(seen).toEqual([
      { name: 'skill.changed', payload: { id } },
      { name: 'user.changed', payload: { id: 7 } },
    ]);
  });

  it('publishes nothing when the work rolls back, and writes nothing', async () => {
    const { inUnitOfWork, seen } = setup();
    const before = (await db('notes').count({ n: '*' }).first())?.n;
    await expect(
      inUnitOfWork(async ({ trx, emit }) => {
        await trx('notes').insert({ text: 'b' });
        emit('skill.changed', { id: 1 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(seen).toEqual([]);
    expect((await db('notes').count({ n: '*' }).first())?.n).toBe(before);
  });

  it('composes: inner units join the outer one, whose commit publishes everything once', async () => {
    const { inUnitOfWork, seen } = setup();
    await inUnitOfWork(async (outer) => {
      await inUnitOfWork(async ({ emit }) => emit('user.changed', { id: 1 }), outer);
      await inUnitOfWork(async ({ emit }) => emit('user.changed', { id: 2 }), outer);
      expect(seen).toEqual([]);
    });
    expect(seen.map((e) => e.payload)).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('an inner failure rolls back the whole unit and drops every event', async () => {
    const { inUnitOfWork, seen } = setup();
    const before = (await db('notes').count({ n: '*' }).first())?.n;
    await expect(
      inUnitOfWork(async (outer) => {
        await outer.trx('notes').insert({ text: 'kept?' });
        outer.emit('user.changed', { id: 3 });
        await inUnitOfWork(async () => {
          throw new Error('inner refused');
        }, outer);
      }),
    ).rejects.toThrow('inner refused');
    expect(seen).toEqual([]);
    expect((await db('notes').count({ n: '*' }).first())?.n).toBe(before);
  });

  it('runs after-commit hooks only after a commit', async () => {
    const { inUnitOfWork } = setup();
    const ran: string[] = [];
    await inUnitOfWork(async ({ afterCommit }) => afterCommit(() => void ran.push('committed')));
    await inUnitOfWork(async ({ afterCommit }) => {
      afterCommit(() => void ran.push('rolled back'));
      throw new Error('no');
    }).catch(() => undefined);
    expect(ran).toEqual(['committed']);
  });
});
