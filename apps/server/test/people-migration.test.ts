import { describe, expect, it } from 'vitest';
import { CAREERS_SOURCE } from '@portal/contracts';
import { MIGRATIONS } from '../../../migrations/index.ts';
import { setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';

/**
 * The migration that makes people of the candidates stored before them: rows sharing an e-mail or a phone's
 * key are one person (also through a third row), two rows of one job are never one person, the most recent
 * row gives the person's fields, and a careers application recorded on another job's profile becomes an
 * application in that job's Applied column. Its `down` gives back the rows exactly.
 */
const ctx = setupTestApp();
const MIGRATION = '20261128090000_people';

let made = 0;
/** A candidate row as stored before people existed. */
const row = (jobId: number, fields: Record<string, unknown>, updatedAt: string) => ({
  uuid: `00000000-0000-4000-8000-${String(++made).padStart(12, '0')}`,
  job_id: jobId,
  name: `Person ${made}`,
  email: `person.${made}@example.com`,
  phone: `98000000${String(made).padStart(2, '0')}`,
  phone_key: `98000000${String(made).padStart(2, '0')}`,
  experience: 3,
  status: 'applied',
  source: 'Direct',
  position: `a${made}`,
  shared_with_client: false,
  version: 1,
  created_at: new Date('2026-01-01T00:00:00Z'),
  updated_at: new Date(updatedAt),
  ...fields,
});

describe('the people migration', () => {
  it('groups candidates into people, turns recorded applications into applications, and undoes it exactly', async () => {
    const db = ctx.app.db;
    const skills = await createSkills(ctx, ['Rust']);
    const job = async (title: string) =>
      (await createJob(ctx, ctx.adminToken, { ...jobBody([skills.Rust!]), title, questions: [] })).id;
    const [j1, j2, j3] = [await job('Backend One'), await job('Backend Two'), await job('Backend Three')];

    // Back to before people.
    const migrations = Object.keys(MIGRATIONS).sort();
    for (let i = migrations.length - 1; i >= migrations.indexOf(MIGRATION); i--) await db.migrate.down();
    expect(await db.schema.hasTable('people')).toBe(false);

    const rows = {
      // A and B share an e-mail; C shares B's phone: one person, whose fields are B's (the latest).
      a: row(
        j1,
        { email: 'asha@example.com', phone: '9811111111', phone_key: '9811111111' },
        '2026-02-01T00:00:00Z',
      ),
      b: row(
        j2,
        {
          name: 'Asha Rao',
          email: 'asha@example.com',
          phone: '9822222222',
          phone_key: '9822222222',
          current_company: 'Acme',
        },
        '2026-03-01T00:00:00Z',
      ),
      c: row(
        j3,
        { email: 'asha.rao@example.com', phone: '9822222222', phone_key: '9822222222' },
        '2026-01-15T00:00:00Z',
      ),
      // Same e-mail as A, in A's job: kept apart (one application per person and job).
      d: row(
        j1,
        { email: 'asha@example.com', phone: '9833333333', phone_key: '9833333333' },
        '2026-01-10T00:00:00Z',
      ),
      // Nobody else's e-mail or phone: a person alone, who applied to job 2 from the careers page.
      e: row(j1, { name: 'Esha Nair' }, '2026-01-20T00:00:00Z'),
    };
    const ids: Record<string, number> = {};
    for (const [key, value] of Object.entries(rows)) {
      const [id] = await db('candidates').insert(value);
      ids[key] = Number(id);
    }
    await db('candidate_words').insert({ word: 'esha', candidate_id: ids.e });
    const recordedAt = new Date('2026-02-10T09:30:00Z');
    await db('candidate_history').insert([
      {
        candidate_id: ids.e,
        from_status: 'applied',
        to_status: 'applied',
        changed_at: recordedAt,
        kind: 'application',
        job_id: j2,
        resume_url: '/api/files/esha-for-two.pdf',
        application_reference: 'ESHA-2222',
      },
      // A's person is in job 2 already (B): this one stays a history entry.
      {
        candidate_id: ids.a,
        from_status: 'applied',
        to_status: 'applied',
        changed_at: recordedAt,
        kind: 'application',
        job_id: j2,
        application_reference: 'ASHA-2222',
      },
    ]);
    const snapshot = async () => ({
      candidates: await db('candidates').orderBy('id'),
      history: await db('candidate_history').orderBy('id'),
      words: await db('candidate_words').orderBy(['candidate_id', 'word']),
    });
    const countOf = async (q: ReturnType<typeof db>) => Number((await q.count({ n: '*' }).first())!.n);
    const before = await snapshot();

    await db.migrate.latest();

    const personOf = async (key: string) =>
      Number((await db('candidates').where({ id: ids[key] }).first('person_id')).person_id);
    const [pa, pb, pc, pd, pe] = [
      await personOf('a'),
      await personOf('b'),
      await personOf('c'),
      await personOf('d'),
      await personOf('e'),
    ];
    expect(pb).toBe(pa);
    expect(pc).toBe(pa);
    expect(new Set([pa, pd, pe]).size).toBe(3);
    expect(await db('people').where({ id: pa }).first()).toMatchObject({
      name: 'Asha Rao',
      email: 'asha@example.com',
      phone: '9822222222',
      current_company: 'Acme',
    });

    // Esha's recorded application is an application of job 2, in Applied, at its time, with its resume.
    const converted = await db('candidates').where({ person_id: pe, job_id: j2 }).first();
    expect(converted).toMatchObject({
      name: 'Esha Nair',
      status: 'applied',
      source: CAREERS_SOURCE,
      resume_url: '/api/files/esha-for-two.pdf',
      application_reference: 'ESHA-2222',
    });
    expect(new Date(converted.stage_entered_at).toISOString()).toBe(recordedAt.toISOString());
    expect(await db('candidate_history').where({ candidate_id: converted.id })).toEqual([
      expect.objectContaining({ from_status: null, to_status: 'applied', kind: 'status' }),
    ]);
    expect(await db('candidate_words').where({ candidate_id: converted.id }).pluck('word')).toEqual(['esha']);
    expect(await countOf(db('candidates').where({ person_id: pa, job_id: j2 }))).toBe(1);
    const counted = await db('candidate_counts')
      .where({ job_id: j2, status: 'applied', source: CAREERS_SOURCE })
      .first();
    expect(Number(counted.n)).toBe(1);

    // The app reads the applications as candidates of their person.
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/candidates/${converted.uuid}`,
      headers: { authorization: `Bearer ${ctx.adminToken}` },
    });
    expect(read.json()).toMatchObject({ person_id: pe, applications_count: 2, job_id: j2 });

    // Down (this migration and those after it): the rows as they were; up again: the same people.
    for (let i = migrations.length - 1; i >= migrations.indexOf(MIGRATION); i--) await db.migrate.down();
    expect(await snapshot()).toEqual(before);
    expect(await db.schema.hasTable('people')).toBe(false);
    await db.migrate.latest();
    expect(await countOf(db('people'))).toBe(3);
    expect(await countOf(db('candidates'))).toBe(6);
  });
});
