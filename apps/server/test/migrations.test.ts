import { describe, expect, it } from 'vitest';
import { MIGRATIONS, RENAMED_MIGRATIONS } from '../../../migrations/index.ts';
import { migrateToLatest } from '../src/db/connection.ts';
import { setupTestApp } from './helper.ts';

const ctx = setupTestApp();

describe('migrations', () => {
  it('roll all the way down and up again', async () => {
    const db = ctx.app.db;
    const [, undone] = (await db.migrate.rollback(undefined, true)) as [number, string[]];
    expect(undone).toHaveLength(Object.keys(MIGRATIONS).length);
    for (const table of [
      'uploads',
      'candidates',
      'job_editors',
      'job_skills',
      'jobs',
      'districts',
      'states',
      'skills',
    ]) {
      expect(await db.schema.hasTable(table)).toBe(false);
    }
    const [, applied] = (await db.migrate.latest()) as [number, string[]];
    expect(applied).toEqual(Object.keys(MIGRATIONS).sort());
    expect(await ctx.count('states')).toBe(36);
    expect(await ctx.count('districts')).toBe(763);
  });

  it('unloads the location data on its own', async () => {
    const db = ctx.app.db;
    const migrations = Object.keys(MIGRATIONS).sort();
    const loadIndex = migrations.indexOf('20261121110100_load-locations');
    // Step back to just before the load, then forward again.
    for (let i = migrations.length - 1; i >= loadIndex; i--) await db.migrate.down();
    expect(await db.schema.hasTable('states')).toBe(true);
    expect(await ctx.count('states')).toBe(0);
    await db.migrate.latest();
    expect(await ctx.count('districts')).toBe(763);
  });

  it('each has its own timestamp', () => {
    const stamps = Object.keys(MIGRATIONS).map((name) => name.slice(0, name.indexOf('_')));
    expect(new Set(stamps).size).toBe(stamps.length);
  });

  it('a database that recorded a migration under its old name keeps it as applied', async () => {
    const db = ctx.app.db;
    for (const [before, after] of Object.entries(RENAMED_MIGRATIONS)) {
      await db('knex_migrations').where('name', after).update({ name: before });
    }
    // Without the renaming, knex refuses a record it has no migration for, or runs the renamed one again.
    expect(await migrateToLatest(db)).toEqual([]);
    const names = (await db('knex_migrations').pluck('name')) as string[];
    expect(names.sort()).toEqual(Object.keys(MIGRATIONS).sort());
  });
});
