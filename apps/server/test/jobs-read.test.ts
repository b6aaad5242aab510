import { describe, expect, it } from 'vitest';
import type { Job } from '@portal/contracts';
import { auth, setupTestApp } from './helper.ts';
import { addCandidates, createJob, createSkills, jobBody } from './job-fixtures.ts';

const ctx = setupTestApp();

describe('a job read alone and in the list', () => {
  it('carries its skills by name, its editors by id, its candidate count and who may edit it', async () => {
    const skills = await createSkills(ctx, ['Kafka', 'Angular', 'Docker']);
    const creator = await ctx.createUser();
    const first = await ctx.createUser();
    const second = await ctx.createUser();
    const outsider = await ctx.createUser();
    const job = await createJob(
      ctx,
      creator.token,
      jobBody([skills.Kafka!, skills.Docker!, skills.Angular!], {
        editable_by: [second.user.id, first.user.id],
      }),
    );
    // A second job with links of its own, listed next to the first.
    const neighbour = await createJob(ctx, creator.token, jobBody([skills.Docker!]));
    await addCandidates(ctx, job.id, 3);

    const read = async (token: string) => {
      const alone: Job = (await ctx.app.inject({ url: `/api/jobs/${job.id}`, headers: auth(token) })).json();
      const list = (await ctx.app.inject({ url: '/api/jobs', headers: auth(token) })).json();
      return { alone, listed: list.items as Job[] };
    };

    const { alone, listed } = await read(first.token);
    expect(alone).toMatchObject({
      skills: [
        { id: skills.Angular, name: 'Angular' },
        { id: skills.Docker, name: 'Docker' },
        { id: skills.Kafka, name: 'Kafka' },
      ],
      editable_by: [first.user.id, second.user.id].sort((a, b) => a - b),
      candidateCount: 3,
      canEdit: true,
    });
    expect(listed.map((j) => j.id)).toEqual([neighbour.id, job.id]);
    expect(listed[1]).toEqual(alone);
    expect(listed[0]).toMatchObject({
      skills: [{ id: skills.Docker, name: 'Docker' }],
      editable_by: [],
      candidateCount: 0,
      canEdit: false,
    });

    expect((await read(outsider.token)).alone.canEdit).toBe(false);
    expect((await read(creator.token)).listed.every((j) => j.canEdit)).toBe(true);
  }, 30_000); // four accounts: password hashing is slow on purpose
});
