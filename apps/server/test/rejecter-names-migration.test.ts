import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../migrations/index.ts';
import { requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate } from './candidate-fixtures.ts';

const ctx = setupTestApp();

describe('the migration that names rejecters', () => {
  it('names the rejecter of a rejection stored with the username only, and takes the name away again', async () => {
    const db = ctx.app.db;
    const rejecter = await ctx.createUser({ name: 'Rohan Das' });
    const skills = await createSkills(ctx, ['Go']);
    const job = await createJob(ctx, ctx.adminToken, { ...jobBody([skills.Go!]), questions: [] });
    const c = await createCandidate(ctx, rejecter.token, job.id);
    const rejected = await requester(ctx)('PATCH', `/api/candidates/${c.uuid}/reject`, rejecter.token, {
      status: 'rejected',
      rejection_details: { reason: 'Skills Mismatch', stage: 'HR Round', comments: 'No' },
    });
    expect(rejected.statusCode).toBe(200);
    const stored = async () =>
      JSON.parse(
        String((await db('candidates').where({ id: c.id }).first('rejection_details')).rejection_details),
      );
    const migrations = Object.keys(MIGRATIONS).sort();
    const index = migrations.indexOf('20261128024500_rejecter-names-in-rejection-details');
    for (let i = migrations.length - 1; i >= index; i--) await db.migrate.down();
    expect(await stored()).not.toHaveProperty('rejected_by_name');
    await db.migrate.latest();
    expect(await stored()).toMatchObject({
      rejected_by: rejecter.user.username,
      rejected_by_name: 'Rohan Das',
    });
  });
});
