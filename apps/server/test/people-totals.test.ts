import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_LIMITS, type PeoplePage } from '@portal/contracts';
import { rebuildCandidateCounts } from '../src/modules/candidates/counts.ts';
import { rebuildCandidateWords } from '../src/modules/candidates/search.ts';
import { requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';

/**
 * The talent pool's searches and totals, on both dialects, as the candidate lists count: past
 * CANDIDATE_LIMITS.countedMatches a lower bound ("of 1,000+"), below it exactly. 5,200 people hold "Tess
 * Trial" (on MySQL both words are common: the pool walks people asking per person, and counts from the
 * index of words); "Zed" begins three names; a company is searched by its beginning beside the names.
 */
const ctx = setupTestApp();
const send = requester(ctx);
const PEOPLE = 5200;
const CAP = CANDIDATE_LIMITS.countedMatches;

/** A person and their one application, as a seed writes them (the words and counts rebuilt after). */
function personRows(i: number, jobId: number, at: Date, fields: { name: string; current_company?: string }) {
  const columns = {
    email: `tess${i}@example.com`,
    phone: `7${String(i).padStart(9, '0')}`,
    phone_key: `7${String(i).padStart(9, '0')}`,
    experience: i % 10,
    current_company: null,
    ...fields,
  };
  return {
    person: { id: i + 1, uuid: randomUUID(), ...columns, version: 1, created_at: at, updated_at: at },
    application: {
      ...columns,
      uuid: randomUUID(),
      job_id: jobId,
      person_id: i + 1,
      status: 'applied',
      source: 'Direct',
      version: 1,
      created_at: at,
      updated_at: at,
    },
  };
}

beforeAll(async () => {
  const skills = await createSkills(ctx, ['Go']);
  const job = await createJob(ctx, ctx.adminToken, jobBody([skills.Go!]));
  const now = Date.now();
  const rows = Array.from({ length: PEOPLE + 3 }, (_, i) => {
    const at = new Date(now - (PEOPLE + 3 - i) * 1000);
    if (i === PEOPLE) return personRows(i, job.id, at, { name: 'Nobody Here', current_company: 'Zedcorp' });
    // The newest: no name word matches, the company begins with the search.
    if (i === PEOPLE + 1)
      return personRows(i, job.id, at, { name: 'Someone Else', current_company: 'Tess Trial Labs' });
    if (i === PEOPLE + 2) return personRows(i, job.id, at, { name: 'Last Person' });
    return personRows(i, job.id, at, { name: `Tess Trial ${i % 2 ? 'Odd' : 'Even'}${i < 3 ? ' Zed' : ''}` });
  });
  const db = ctx.app.db;
  for (let i = 0; i < rows.length; i += 400) {
    await db('people').insert(rows.slice(i, i + 400).map((r) => r.person));
    await db('candidates').insert(rows.slice(i, i + 400).map((r) => r.application));
  }
  await rebuildCandidateCounts(db);
  await rebuildCandidateWords(db);
});

const pool = async (query: string): Promise<PeoplePage> => {
  const res = await send('GET', `/api/people?${query}`, ctx.adminToken);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("the talent pool's searches and totals", () => {
  it('count common name searches up to the cap, newest first, with a company that begins with the search', async () => {
    for (const search of ['tess', 'tess%20trial', 'trial%20odd']) {
      const page = await pool(`search=${search}`);
      expect(page, search).toMatchObject({ total: CAP, totalIsLowerBound: true, page: 1 });
      expect(page.items).toHaveLength(20);
    }
    const tessTrial = await pool('search=tess%20trial');
    expect(tessTrial.items.map((p) => p.name).slice(0, 2)).toEqual(['Someone Else', 'Tess Trial Odd']);
    expect((await pool('search=trial%20odd')).items[0]!.email).toBe(`tess${PEOPLE - 1}@example.com`);
  });

  it('count exactly below the cap: rare words, companies, e-mails, phones, and with filters', async () => {
    const zed = await pool('search=zed');
    // Three names begin with Zed; one company does.
    expect(zed).toMatchObject({ total: 4, totalIsLowerBound: false });
    expect(zed.items.map((p) => p.name)).toEqual([
      'Nobody Here',
      'Tess Trial Even Zed',
      'Tess Trial Odd Zed',
      'Tess Trial Even Zed',
    ]);
    expect(await pool('search=zed&minExperience=1')).toMatchObject({ total: 2, totalIsLowerBound: false });
    expect(await pool('search=tess17%40example.com')).toMatchObject({ total: 1, totalIsLowerBound: false });
    expect((await pool('search=7000000042')).items.map((p) => p.email)).toEqual(['tess42@example.com']);
    expect(await pool('search=nothing%20like%20this')).toMatchObject({ total: 0, totalIsLowerBound: false });
    expect(await pool('maxExperience=0')).toMatchObject({ total: 521, totalIsLowerBound: false });
  });

  it('count every person when nothing narrows the pool, and a deep page to its end', async () => {
    expect(await pool('')).toMatchObject({ total: PEOPLE + 3, totalIsLowerBound: false });
    const deep = await pool(`search=tess&page=${CAP / 20 + 1}`);
    expect(deep).toMatchObject({ total: CAP + 20, totalIsLowerBound: true });
    expect(deep.items).toHaveLength(20);
  });
});
