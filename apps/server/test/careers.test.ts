import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  APPLICATION_REFERENCE_PATTERN,
  CANDIDATE_LIMITS,
  CANDIDATE_MESSAGES,
  CAREERS_SOURCE,
  PUBLIC_MESSAGES,
  type CandidatePage,
  type Job,
  type PublicJob,
} from '@portal/contracts';
import type { DomainEvent } from '../src/events.ts';
import { multipartForm, requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, dateFromToday, jobBody } from './job-fixtures.ts';
import { FILES } from './candidate-fixtures.ts';

// A built web app of one page, so that the server can add each opening's title and JSON-LD to it.
const webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html><head><meta charset="utf-8"><title>Portal</title></head><body><div id="root"></div></body></html>',
);
const PUBLIC_URL = 'https://careers.example.com';
const ctx = setupTestApp({ WEB_DIST: webDist, APPLY_RATE_LIMIT: '1000', PUBLIC_URL });
const send = requester(ctx);
let open: Job;
let draft: Job;
let expired: Job;

beforeAll(async () => {
  const skills = await createSkills(ctx, ['React', 'SQL']);
  open = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.React!, skills.SQL!]),
    title: 'Careers Frontend Engineer',
    minSalary: 1_000_000,
    maxSalary: 1_500_000,
    experienceRange: [2, 5],
    clientName: 'Secret Client Pvt Ltd',
    clientEmail: 'secret@client.example',
  });
  draft = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.React!]),
    title: 'Careers Draft Role',
    status: 'draft',
  });
  expired = await createJob(ctx, ctx.adminToken, { ...jobBody([skills.React!]), title: 'Careers Old Role' });
  await ctx.app
    .db('jobs')
    .where({ id: expired.id })
    .update({ deadline: dateFromToday(-3) });
});

/** A multipart application as the careers form sends it; `resume` null leaves the file out. */
function apply(
  jobId: number,
  fields: Record<string, string>,
  resume: { data: Buffer; name: string } | null = { data: FILES.pdf, name: 'cv.pdf' },
  headers: Record<string, string> = {},
) {
  const form = multipartForm({
    ...fields,
    ...(resume && { resume: { filename: resume.name, contentType: 'application/pdf', data: resume.data } }),
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/jobs/${jobId}/apply`,
    payload: form.payload,
    headers: { ...form.headers, ...headers },
  });
}

let applicants = 0;
/** The requirements' application body: every field it names, camelCase as its form sends them. */
const specFields = (overrides: Record<string, string> = {}) => {
  const n = ++applicants;
  return {
    name: `Applicant ${n}`,
    email: `applicant.${n}.${process.pid}@example.com`,
    phone: `63${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(5, '0')}`,
    experience: '3',
    currentCompany: 'Acme',
    currentCTC: '9.5',
    expectedCTC: '14',
    noticePeriod: '30',
    currentLocation: 'Kerala, Kochi',
    preferredLocation: 'Karnataka, Bengaluru Urban',
    ...overrides,
  };
};

describe('public openings', () => {
  it('lists only open jobs, with public fields and salary and experience as text', async () => {
    const res = await send('GET', '/api/public/jobs?search=Careers');
    expect(res.statusCode).toBe(200);
    const jobs: PublicJob[] = res.json();
    expect(jobs.map((j) => j.title)).toEqual(['Careers Frontend Engineer']);
    expect(jobs[0]).toMatchObject({
      salary: '₹10 - 15 LPA',
      experience: '2 - 5 years',
      skills: ['React', 'SQL'],
    });
    expect(res.body).not.toContain('secret@client.example');
    expect(res.body).not.toContain('Secret Client');
    expect(Object.keys(jobs[0]!)).not.toContain('created_by');
  });

  it('finds an opening by its city, state (name or code) or a skill it asks for, as the search box offers', async () => {
    const titlesFor = async (search: string) =>
      ((await send('GET', `/api/public/jobs?search=${encodeURIComponent(search)}`)).json() as PublicJob[])
        .map((j) => j.title)
        .filter((t) => t.startsWith('Careers'));
    for (const search of ['Bengaluru', 'karnataka', 'KA', 'SQL', 'react', 'Frontend']) {
      expect(await titlesFor(search), search).toEqual(['Careers Frontend Engineer']);
    }
    // Each job once, although it matches through two skills and its place.
    expect(await titlesFor('a')).toEqual(['Careers Frontend Engineer']);
    expect(await titlesFor('Kerala')).toEqual([]);
    // The staff list still searches only what a posting says (title and description).
    const staff = await send('GET', '/api/jobs?search=Karnataka', ctx.adminToken);
    expect(staff.json().items.map((j: Job) => j.title)).not.toContain('Careers Frontend Engineer');
  });

  it('shows an open job and answers "Job not found" for drafts, expired and unknown ones', async () => {
    expect((await send('GET', `/api/public/jobs/${open.id}`)).json().title).toBe(open.title);
    for (const id of [draft.id, expired.id, 999_999]) {
      const res = await send('GET', `/api/public/jobs/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PUBLIC_MESSAGES.jobNotFound);
    }
  });
});

describe('applying', () => {
  it('gives each of many applications made at once a reference of its own, short enough to read out', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, () => apply(open.id, specFields())));
    const references = answers.map((res) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json().reference as string;
    });
    expect(new Set(references).size).toBe(references.length);
    for (const reference of references) expect(reference).toMatch(APPLICATION_REFERENCE_PATTERN);

    // The database itself keeps them apart: a reference given once cannot be stored again.
    const [first, second] = (await ctx.app
      .db('candidates')
      .whereIn('application_reference', references.slice(0, 2))
      .pluck('id')) as number[];
    const taken = await ctx.app.db('candidates').where({ id: first }).first('application_reference');
    await expect(ctx.app.db('candidates').where({ id: second }).update(taken)).rejects.toThrow();
  });

  it('stores the applicant as applied from the careers page and tells the recruiters at once', async () => {
    const events: DomainEvent[] = [];
    const stop = ctx.app.events.subscribe((e) => events.push(e));
    const fields = specFields({ name: 'Devika Menon' });
    const res = await apply(open.id, fields);
    stop();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      message: PUBLIC_MESSAGES.applied,
      reference: expect.any(String),
    });
    expect(events.map((e) => e.name).filter((n) => n !== 'notification.created')).toEqual([
      'candidate.created',
      'job.changed',
    ]);
    // The job's creator (the admin) is told in the bell.
    expect(events.filter((e) => e.name === 'notification.created')).toHaveLength(1);

    const list: CandidatePage = (
      await send('GET', `/api/candidates?search=Devika&pageSize=50`, ctx.adminToken)
    ).json();
    const c = list.items.find((i) => i.email === fields.email)!;
    expect(c).toMatchObject({
      status: 'applied',
      source: CAREERS_SOURCE,
      current_ctc: 9.5,
      notice_period: 30,
      created_by_id: null,
      job_id: open.id,
    });
    expect(c.resume_url).toMatch(/^\/api\/files\/.+\.pdf$/);
    // Recruiters can filter by the careers source.
    const bySource: CandidatePage = (
      await send(
        'GET',
        `/api/candidates?sources=${encodeURIComponent(CAREERS_SOURCE)}&pageSize=50`,
        ctx.adminToken,
      )
    ).json();
    expect(bySource.items.map((i) => i.id)).toContain(c.id);
  });

  it("asks the job's questions: the answers land on the application as the staff's form stores them", async () => {
    const opening: PublicJob = (await send('GET', `/api/public/jobs/${open.id}`)).json();
    expect(opening.questions).toEqual(['Why do you want to join us?']);
    const question = opening.questions[0]!;
    const readBack = async (email: string) => {
      const page: CandidatePage = (
        await send('GET', `/api/candidates?search=${encodeURIComponent(email)}&pageSize=5`, ctx.adminToken)
      ).json();
      return page.items.find((i) => i.email === email);
    };

    const answered = specFields();
    const res = await apply(open.id, {
      ...answered,
      jobAnswers: JSON.stringify({ [question]: '  I like the product.  ' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = (await readBack(answered.email))!;
    expect(c.job_answers).toEqual({ [question]: 'I like the product.' });
    expect(c.questionnaire).toEqual([{ question, answer: 'I like the product.' }]);

    // Answering is optional.
    const silent = specFields();
    expect((await apply(open.id, silent)).statusCode).toBe(201);
    expect((await readBack(silent.email))!.job_answers).toEqual({});

    // Only the job's own questions, each answer within the staff form's limit; a refusal stores nothing.
    const before = await ctx.count('candidates');
    const unknown = await apply(open.id, {
      ...specFields(),
      jobAnswers: JSON.stringify({ 'What is your salary at home?': 'x' }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(PUBLIC_MESSAGES.answersOutdated);
    const long = await apply(open.id, {
      ...specFields(),
      jobAnswers: JSON.stringify({ [question]: 'a'.repeat(CANDIDATE_LIMITS.answer + 1) }),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(String(CANDIDATE_LIMITS.answer));
    const broken = await apply(open.id, { ...specFields(), jobAnswers: '{"oops' });
    expect(broken.statusCode).toBe(400);
    expect(await ctx.count('candidates')).toBe(before);

    // Every question answered in full fits in the form.
    const full = specFields();
    const longest = await apply(open.id, {
      ...full,
      jobAnswers: JSON.stringify({ [question]: 'अ'.repeat(CANDIDATE_LIMITS.answer) }),
    });
    expect(longest.statusCode, longest.body).toBe(201);
  });

  it('records a second application on the profile already on file, changing none of its fields', async () => {
    const fields = specFields();
    expect((await apply(open.id, fields)).statusCode).toBe(201);
    const before = { candidates: await ctx.count('candidates') };
    const again = await apply(open.id, {
      ...fields,
      name: 'Someone Else Entirely',
      currentCompany: 'Changed Co',
    });
    // Answered as any application is (what happened goes by e-mail: careers-on-file.test.ts).
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({
      success: true,
      message: PUBLIC_MESSAGES.applied,
      reference: expect.stringMatching(APPLICATION_REFERENCE_PATTERN),
    });
    expect({ candidates: await ctx.count('candidates') }).toEqual(before);
    const stored = await ctx.app.db('candidates').where({ email: fields.email }).first();
    expect(stored).toMatchObject({ name: fields.name, current_company: 'Acme' });
    const entries = await ctx.app.db('candidate_history').where({ candidate_id: stored.id }).orderBy('id');
    expect(entries.map((e: { kind: string }) => e.kind)).toEqual(['status', 'application']);
  });

  it.each([
    ['no name', { name: '' }, null, 400, 'Full name is required'],
    ['a bad e-mail', { email: 'nope' }, null, 400, CANDIDATE_MESSAGES.emailInvalid],
    ['a field the form does not have', { salary: '5' }, null, 400, 'Salary is not an accepted field'],
    ['a number that is not one', { experience: 'ten' }, null, 400, 'Experience must be a number'],
    ['no resume', {}, 'none', 400, PUBLIC_MESSAGES.resumeRequired],
    ['a program renamed .pdf', {}, 'exe', 415, CANDIDATE_MESSAGES.resumeType],
    ['an 11 MB resume', {}, 'big', 413, CANDIDATE_MESSAGES.publicResumeTooLarge],
  ])('refuses %s and stores nothing', async (_, overrides, file, status, message) => {
    const before = { candidates: await ctx.count('candidates'), uploads: await ctx.count('uploads') };
    const resume =
      file === 'none'
        ? null
        : file === 'exe'
          ? { data: FILES.exe, name: 'cv.pdf' }
          : file === 'big'
            ? { data: Buffer.concat([FILES.pdf, Buffer.alloc(11 * 1024 * 1024)]), name: 'cv.pdf' }
            : undefined;
    const res = await apply(open.id, specFields(overrides as Record<string, string>), resume);
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toContain(message);
    expect({ candidates: await ctx.count('candidates'), uploads: await ctx.count('uploads') }).toEqual(
      before,
    );
  });

  it('refuses applications to a job that is not open', async () => {
    for (const job of [draft, expired]) {
      const res = await apply(job.id, specFields());
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(PUBLIC_MESSAGES.jobNotFound);
    }
  });

  it('answers a bot that fills the hidden field as if it had applied, and stores nothing', async () => {
    const before = await ctx.count('candidates');
    const res = await apply(open.id, { ...specFields(), website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: PUBLIC_MESSAGES.applied,
      reference: expect.stringMatching(APPLICATION_REFERENCE_PATTERN),
    });
    expect(await ctx.count('candidates')).toBe(before);
  });
});

describe('what search engines read', () => {
  it("an opening's page carries its title, description and a JobPosting; a closed job's page is a 404", async () => {
    const res = await send('GET', `/careers/jobs/${open.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(`<title>${open.title} · Bengaluru Urban, Karnataka · Careers</title>`);
    expect(res.body).toContain('<meta name="description"');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)![1]!);
    expect(ld).toMatchObject({
      '@type': 'JobPosting',
      title: open.title,
      description: open.description,
      employmentType: 'FULL_TIME',
      jobLocation: { address: { addressLocality: 'Bengaluru Urban', addressCountry: 'IN' } },
      baseSalary: { currency: 'INR', value: { minValue: 1_000_000, maxValue: 1_500_000 } },
    });
    expect(ld.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ld.validThrough).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(res.body).not.toContain('secret@client.example');
    expect((await send('GET', `/careers/jobs/${draft.id}`)).statusCode).toBe(404);
  });

  it('the sitemap lists the public pages and only open jobs', async () => {
    const res = await send('GET', '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain(`/careers/jobs/${open.id}</loc>`);
    expect(res.body).not.toContain(`/careers/jobs/${draft.id}</loc>`);
    expect(res.body).not.toContain(`/careers/jobs/${expired.id}</loc>`);
    expect(res.body).toContain('/contact</loc>');
  });
});

describe('absolute links', () => {
  it("start with PUBLIC_URL, never with the request's Host header", async () => {
    const headers = { host: 'evil.example' };
    const page = await ctx.app.inject({ url: `/careers/jobs/${open.id}`, headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/careers/jobs/${open.id}">`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.body)![1]!);
    expect(ld.url).toBe(`${PUBLIC_URL}/careers/jobs/${open.id}`);
    expect(ld.hiringOrganization.sameAs).toBe(PUBLIC_URL);

    const sitemap = await ctx.app.inject({ url: '/sitemap.xml', headers });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/careers/jobs/${open.id}</loc>`);
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/contact</loc>`);
    expect(page.body + sitemap.body).not.toContain('evil.example');
  });
});

describe('the application rate limit', () => {
  const limited = setupTestApp({ APPLY_RATE_LIMIT: '2' });
  it('answers 429 with words a person understands once an address has applied too often', async () => {
    const skills = await createSkills(limited, ['Go']);
    const job = await createJob(limited, limited.adminToken, { ...jobBody([skills.Go!]), questions: [] });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await limited.app.inject({ method: 'POST', url: `/api/public/jobs/${job.id}/apply` });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toBe(PUBLIC_MESSAGES.tooManyApplications);
    }
    expect(statuses).toEqual([415, 415, 429]);
  });
});
