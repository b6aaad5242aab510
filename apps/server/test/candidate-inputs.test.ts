// What the candidate forms, the careers form and the bulk import used to accept without a word: names
// of invisible characters, a notice period of 1.5 days (stored as 2), and phone numbers whose +91 or
// leading 0 slipped past the duplicate rule.
import { beforeAll, describe, expect, it } from 'vitest';
import { CANDIDATE_MESSAGES as M, PUBLIC_MESSAGES, type Candidate, type Job } from '@portal/contracts';
import { MIGRATIONS } from '../../../migrations/index.ts';
import { multipartForm, requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { FILES, candidateBody, createCandidate } from './candidate-fixtures.ts';

const ctx = setupTestApp({ APPLY_RATE_LIMIT: '1000' });
const send = requester(ctx);
let job: Job;

beforeAll(async () => {
  const skills = await createSkills(ctx, ['Go']);
  job = await createJob(ctx, ctx.adminToken, { ...jobBody([skills.Go!]), questions: [] });
});

const rows = () => ctx.count('candidates');

function apply(fields: Record<string, string>) {
  const form = multipartForm({
    name: 'Careers Applicant',
    email: `applicant.${Math.random().toString(36).slice(2)}@example.com`,
    ...fields,
    resume: { filename: 'cv.pdf', contentType: 'application/pdf', data: FILES.pdf },
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/jobs/${job.id}/apply`,
    payload: form.payload,
    headers: form.headers,
  });
}

/** Every way a candidate is written, each answering 400 with `message` for `fields`, storing nothing. */
async function expectRefusedEverywhere(
  fields: Record<string, unknown>,
  message: string,
  publicMessage = message,
) {
  const before = await rows();
  const created = await send('POST', '/api/candidates', ctx.adminToken, candidateBody(job.id, fields));
  expect(created.statusCode, created.body).toBe(400);
  expect(created.json().message).toBe(message);

  const stored = await createCandidate(ctx, ctx.adminToken, job.id);
  const edited = await send('PUT', `/api/candidates/${stored.uuid}`, ctx.adminToken, {
    ...candidateBody(job.id),
    ...stored,
    ...fields,
  });
  expect(edited.statusCode, edited.body).toBe(400);
  expect(edited.json().message).toBe(message);

  const bulk = await send('POST', '/api/candidates/bulk-upload', ctx.adminToken, {
    candidates: [{ ...candidateBody(job.id), ...fields }],
  });
  expect(bulk.json().results.errors).toEqual([expect.objectContaining({ row: 1, error: message })]);

  const publicFields = Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k === 'notice_period' ? 'noticePeriod' : k, String(v)]),
  );
  const applied = await apply(publicFields);
  expect(applied.statusCode, applied.body).toBe(400);
  expect(applied.json().message).toBe(publicMessage);
  expect(await rows()).toBe(before + 1);
}

describe('required text', () => {
  it.each([
    ['zero-width spaces', '\u200B\u200B\u200B'],
    ['joiners, a word joiner and a byte-order mark', '\u200C\u200D\u2060\uFEFF'],
    ['soft hyphens between spaces', ' \u00AD \u00AD '],
    ['bidi marks', '\u200E\u200F\u061C'],
  ])('a name of only %s is no name', async (_, name) => {
    await expectRefusedEverywhere({ name }, M.nameRequired, PUBLIC_MESSAGES.fullNameRequired);
  });

  it('a name with such characters inside real letters is kept', async () => {
    const c = await createCandidate(ctx, ctx.adminToken, job.id, { name: 'Anu\u200Bradha' });
    expect(c.name).toBe('Anu\u200Bradha');
  });
});

describe('notice period', () => {
  it.each([[1.5], ['1.5'], ['0.25']])('%s days is refused, not rounded', async (notice_period) => {
    await expectRefusedEverywhere({ notice_period }, M.noticePeriodWhole);
  });

  it.each([[-5], ['-5'], [' -30 ']])(
    '%s days says it cannot be negative, not that it is no number',
    async (notice_period) => {
      await expectRefusedEverywhere({ notice_period }, M.noticePeriodMin);
    },
  );

  it('whole days, as a number or as text, are kept as sent', async () => {
    const c = await createCandidate(ctx, ctx.adminToken, job.id, { notice_period: '45' });
    expect(c.notice_period).toBe(45);
    const d = await createCandidate(ctx, ctx.adminToken, job.id, { notice_period: 0 });
    expect(d.notice_period).toBe(0);
  });
});

describe('experience', () => {
  it.each([[-1], ['-1'], ['-2.5']])('%s years says it cannot be negative', async (experience) => {
    await expectRefusedEverywhere({ experience }, M.experienceMin);
  });

  it('text that is no number still says so', async () => {
    await expectRefusedEverywhere({ experience: 'ten' }, 'Experience must be a number');
  });
});

describe('phone numbers however written', () => {
  let stored: Candidate;
  beforeAll(async () => {
    stored = await createCandidate(ctx, ctx.adminToken, job.id, { phone: '9845022222' });
  });

  it.each(['+91 9845022222', '+91-98450-22222', '098450 22222', '+91 (98450) 22222', '919845022222'])(
    '%s is the same person as 9845022222',
    async (phone) => {
      const before = await rows();
      const res = await send('POST', '/api/candidates', ctx.adminToken, candidateBody(job.id, { phone }));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ message: M.duplicatePhone, field: 'phone' });
      const check = await send('POST', '/api/candidates/check-duplicate', ctx.adminToken, { phone });
      expect(check.json()).toMatchObject({
        isDuplicate: true,
        message: M.duplicatePhone,
        field: 'phone',
        personId: stored.person_id,
      });
      expect(await rows()).toBe(before);
    },
  );

  it('the bulk import finds them against stored candidates and within its own file', async () => {
    const res = await send('POST', '/api/candidates/bulk-upload', ctx.adminToken, {
      candidates: [
        candidateBody(job.id, { name: 'Stored Again', phone: '+91 98450 22222' }),
        candidateBody(job.id, { name: 'First In File', phone: '9845033333' }),
        candidateBody(job.id, { name: 'Second In File', phone: '0 98450 33333' }),
      ],
    });
    const { results } = res.json();
    expect(results.success.map((s: { name: string }) => s.name)).toEqual(['First In File']);
    expect(results.duplicates).toEqual([
      expect.objectContaining({ name: 'Stored Again', error: M.duplicatePhone }),
      expect.objectContaining({ name: 'Second In File', error: M.duplicateInFile }),
    ]);
  });

  it('a foreign number is not an Indian one with the same digits', async () => {
    const res = await send(
      'POST',
      '/api/candidates',
      ctx.adminToken,
      candidateBody(job.id, { phone: '+1 984 502 2222' }),
    );
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the search finds a phone by the start of its number, with or without +91 or 0', async () => {
    const other = await createCandidate(ctx, ctx.adminToken, job.id, { phone: '+91 77001 44444' });
    const found = async (term: string) =>
      (
        (await send('GET', `/api/candidates?search=${encodeURIComponent(term)}`, ctx.adminToken)).json()
          .items as Candidate[]
      ).map((c) => c.id);
    for (const term of ['98450 22', '+91 98450', '098450-2', '9198450', '9845022222', '+91 9845022222']) {
      expect(await found(term), term).toContain(stored.id);
    }
    for (const term of ['77001', '+91 77001', '07700144444']) {
      expect(await found(term), term).toEqual([other.id]);
    }
  });

  it('candidates stored before are keyed the new way by the migration', async () => {
    const db = ctx.app.db;
    const old = await createCandidate(ctx, ctx.adminToken, job.id, { phone: '+91 90000 55555' });
    const name = '20261125183000_candidate-phone-keys';
    expect(Object.keys(MIGRATIONS)).toContain(name);
    // Only this migration is undone; those after it touch other columns.
    await db.migrate.down({ name });
    // As the rows were keyed before: by their digits.
    expect(await db('candidates').where({ id: old.id }).first('phone_key')).toEqual({
      phone_key: '919000055555',
    });
    await db.migrate.latest();
    expect(await db('candidates').where({ id: old.id }).first('phone_key')).toEqual({
      phone_key: '9000055555',
    });
    const res = await send(
      'POST',
      '/api/candidates',
      ctx.adminToken,
      candidateBody(job.id, { phone: '9000055555' }),
    );
    expect(res.statusCode).toBe(409);
  });
});
