import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_LIMITS, type CandidatePage } from '@portal/contracts';
import { rebuildCandidateCounts } from '../src/modules/candidates/counts.ts';
import { rebuildCandidateWords } from '../src/modules/candidates/search.ts';
import { requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';

/**
 * Totals past CANDIDATE_LIMITS.countedMatches read as a lower bound ("of 1,000+"), below it exactly, on
 * both dialects. 5,200 names hold "Tess Trial": on MySQL both words are common (the search walks the
 * candidates and counts from the index of words), "Odd"/"Even" begin half the names each, "Zed" three.
 */
const ctx = setupTestApp();
const send = requester(ctx);
const PEOPLE = 5200;
const CAP = CANDIDATE_LIMITS.countedMatches;
let jobId: number;

beforeAll(async () => {
  const skills = await createSkills(ctx, ['Go']);
  const job = await createJob(ctx, ctx.adminToken, jobBody([skills.Go!]));
  jobId = job.id;
  const now = Date.now();
  const rows = Array.from({ length: PEOPLE }, (_, i) => ({
    uuid: randomUUID(),
    job_id: job.id,
    name: `Tess Trial ${i % 2 ? 'Odd' : 'Even'}${i < 3 ? ' Zed' : ''}`,
    email: `tess${i}@example.com`,
    phone: `7${String(i).padStart(9, '0')}`,
    phone_key: `7${String(i).padStart(9, '0')}`,
    status: i % 2 ? 'screening' : 'applied',
    source: 'Direct',
    created_at: new Date(now - (PEOPLE - i) * 1000),
    updated_at: new Date(now - (PEOPLE - i) * 1000),
  }));
  // Written around the service: the counts and the words are rebuilt after, as seeds do.
  for (let i = 0; i < rows.length; i += 400) await ctx.app.db('candidates').insert(rows.slice(i, i + 400));
  await rebuildCandidateCounts(ctx.app.db);
  await rebuildCandidateWords(ctx.app.db);
});

const list = async (query: string): Promise<CandidatePage> => {
  const res = await send('GET', `/api/candidates?${query}`, ctx.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('list totals', () => {
  it('count common searches up to the cap and say the total is a lower bound', async () => {
    for (const search of ['tess', 'tess%20trial', 'trial%20odd', 'trial%20even']) {
      const page = await list(`search=${search}`);
      expect(page, search).toMatchObject({ total: CAP, totalIsLowerBound: true, page: 1 });
      expect(page.items).toHaveLength(5);
    }
    // Newest first, as without the cap.
    expect((await list('search=trial%20odd')).items[0]!.email).toBe(`tess${PEOPLE - 1}@example.com`);
  });

  it('count exactly below the cap, and with the other filters too', async () => {
    const zed = await list('search=zed');
    expect(zed).toMatchObject({ total: 3, totalIsLowerBound: false });
    expect(zed.items.map((c) => c.email).sort()).toEqual([0, 1, 2].map((i) => `tess${i}@example.com`));
    expect(await list('search=zed&statuses=screening')).toMatchObject({ total: 1, totalIsLowerBound: false });
    expect(await list('search=tess&statuses=screening')).toMatchObject({
      total: CAP,
      totalIsLowerBound: true,
    });
    expect(await list('experienceMax=10')).toMatchObject({ total: CAP, totalIsLowerBound: true });
  });

  it('count at least to the end of a deep page, and exactly on the last', async () => {
    const deep = await list(`search=tess&page=${CAP / 5 + 1}`);
    expect(deep).toMatchObject({ total: CAP + 5, totalIsLowerBound: true });
    expect(deep.items).toHaveLength(5);
    const last = await list(`search=tess&page=${PEOPLE / 5}`);
    expect(last).toMatchObject({ total: PEOPLE, totalIsLowerBound: false });
    expect(last.items.map((c) => c.email)).toContain('tess0@example.com');
  });

  it('take status, source and job totals from the maintained counts, exactly', async () => {
    expect(await list('')).toMatchObject({ total: PEOPLE, totalIsLowerBound: false });
    expect(await list('statuses=screening')).toMatchObject({ total: PEOPLE / 2, totalIsLowerBound: false });
  });
});

describe('deep pages of the whole list', () => {
  it('are, newest or oldest first, the page a walk of the table gives, across id blocks, after deletes and adds', async () => {
    // Gaps on both sides of block edges (ids 1,024 apart), made through the API, and new candidates after.
    const gone = [1023, 1024, 1025, 2047, 2048, 3000, 3001, 3002, 4096];
    for (const id of gone)
      expect((await send('DELETE', `/api/candidates/${id}`, ctx.adminToken)).statusCode).toBe(200);
    for (const n of [1, 2, 3]) {
      const res = await send('POST', '/api/candidates', ctx.adminToken, {
        name: `Late Comer ${n}`,
        email: `late${n}@example.com`,
        phone: `66600000${n}0`,
        experience: 1,
        job_id: jobId,
        job_answers: { 'Why do you want to join us?': 'To learn' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const newest = (await ctx.app.db('candidates').orderBy('id', 'desc').pluck('id')).map(Number);
    const SIZE = 7;
    const last = Math.ceil(newest.length / SIZE);
    const pages = new Set([2, 3, last - 1, last, last + 1]);
    // The pages around each block edge, by position in the list.
    for (let edge = 1024; edge < newest.length; edge += 1024)
      for (const page of [0, 1, 2].map((d) => Math.floor(edge / SIZE) + d)) pages.add(page);
    for (const [sort, ids] of [
      ['newest', newest],
      ['oldest', [...newest].reverse()],
    ] as const) {
      for (const page of pages) {
        const got = await list(`sort=${sort}&pageSize=${SIZE}&page=${page}`);
        expect(
          got.items.map((c) => c.id),
          `${sort}, page ${page}`,
        ).toEqual(ids.slice((page - 1) * SIZE, page * SIZE));
        expect(got.total).toBe(newest.length);
      }
    }
  });
});
