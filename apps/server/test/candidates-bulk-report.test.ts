import { beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import {
  CANDIDATE_MESSAGES as M,
  CANDIDATE_TEMPLATE,
  type Candidate,
  type EventsResponse,
  type Job,
  type LoginResponse,
} from '@portal/contracts';
import { CREATED_PER_MESSAGE } from '../src/realtime/outbox.ts';
import { TEMPLATE_GUIDE, TEMPLATE_SAMPLE } from '../src/modules/candidates/template.ts';
import { ONE_PART, WRITE_PART } from '../src/modules/candidates/writes.ts';
import { downloadedWorkbook, requester, setupTestApp } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { createCandidate } from './candidate-fixtures.ts';

/** What a bulk import tells of each row, the job named by its title, answers from the sheet, and editing after. */
const ctx = setupTestApp();
const send = requester(ctx);
let recruiter: LoginResponse;
let asking: Job;
let twinA: Job;
let twinB: Job;
let sql: number;
const stamp = Date.now().toString(36);
const QUESTION = 'Are you willing to relocate?';

beforeAll(async () => {
  const skills = await createSkills(ctx, ['SQL']);
  sql = skills.SQL!;
  recruiter = await ctx.createUser({ name: 'Meera Iyer' });
  asking = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.SQL!]),
    title: `Report Analyst ${stamp}`,
    questions: [QUESTION, 'Notice negotiable?'],
  });
  // Two jobs of one title: a row naming it must name the id instead.
  for (const which of ['A', 'B'] as const) {
    const made = await createJob(ctx, ctx.adminToken, {
      ...jobBody([skills.SQL!]),
      title: `Twin Role ${stamp}`,
      questions: [],
    });
    if (which === 'A') twinA = made;
    else twinB = made;
  }
});

const bulk = (candidates: Record<string, unknown>[], resumeFiles?: string[]) =>
  send('POST', '/api/candidates/bulk-upload', recruiter.token, {
    candidates,
    ...(resumeFiles ? { resume_files: resumeFiles } : {}),
  });

const row = (n: number, extra: Record<string, unknown> = {}) => ({
  name: `Report Person${String.fromCharCode(97 + (n % 26), 97 + Math.floor(n / 26))} ${stamp}`,
  email: `report.${n}.${stamp}@example.com`,
  phone: `77${String(Date.now() % 100_000).padStart(5, '0')}${String(n).padStart(3, '0')}`,
  experience: 2,
  job_id: asking.id,
  ...extra,
});

describe('the upload template', () => {
  it('is a workbook of the upload columns with one sample row, and a sheet on how to fill it, for signed-in users', async () => {
    const book = await downloadedWorkbook(
      ctx,
      '/api/candidates/bulk-template.xlsx',
      recruiter.token,
      CANDIDATE_TEMPLATE.fileName,
    );
    expect(book.SheetNames).toEqual([CANDIDATE_TEMPLATE.sheetName, TEMPLATE_GUIDE.sheetName]);
    const [sample] = XLSX.utils.sheet_to_json<Record<string, unknown>>(
      book.Sheets[CANDIDATE_TEMPLATE.sheetName]!,
      {
        defval: '',
      },
    );
    expect(sample).toEqual(TEMPLATE_SAMPLE);
    const guide = XLSX.utils.sheet_to_json<string[]>(book.Sheets[TEMPLATE_GUIDE.sheetName]!, {
      header: 1,
    });
    expect(guide.slice(1).map(([line]) => line)).toEqual([...TEMPLATE_GUIDE.lines]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/candidates/bulk-template.xlsx' })).statusCode,
    ).toBe(401);
  });
});

describe('the bulk import reports every row', () => {
  it('20 rows, one without an e-mail: added, duplicates and errors sum to 20, each error with its row', async () => {
    const stored = await createCandidate(ctx, recruiter.token, asking.id, {
      job_answers: { [QUESTION]: 'Yes', 'Notice negotiable?': 'No' },
    });
    const rows = Array.from({ length: 20 }, (_, i) => row(i));
    rows[4] = { ...rows[4]!, email: '' };
    rows[9] = { ...rows[9]!, email: stored.email };
    rows[14] = { ...rows[14]!, phone: rows[2]!.phone };
    const res = await bulk(rows);
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json();
    expect(results.success).toHaveLength(17);
    expect(results.duplicates).toEqual([
      expect.objectContaining({ row: 10, error: M.duplicateEmail }),
      expect.objectContaining({ row: 15, error: M.duplicateInFile }),
    ]);
    expect(results.errors).toEqual([expect.objectContaining({ row: 5, error: M.emailRequired })]);
    const reported = [...results.success, ...results.duplicates, ...results.errors].map(
      (r: { row: number }) => r.row,
    );
    expect(reported.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.unmatchedFiles).toEqual([]);
  });

  it('lists the ZIP files that match no added candidate', async () => {
    const [first, second] = [
      row(30, { name: `Zora Quill${stamp}` }),
      row(31, { name: `Yusuf Brand${stamp}` }),
    ];
    const files = [
      'resumes/',
      `resumes/Zora_Quill${stamp}.pdf`,
      `resumes/yusuf.docx`,
      'resumes/Nobody_At_All.pdf',
      'cover-letter.txt',
    ];
    const res = await bulk([first, second], files);
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json();
    expect(results.success).toHaveLength(2);
    expect(results.unmatchedFiles).toEqual(['resumes/Nobody_At_All.pdf', 'cover-letter.txt']);
  });

  it('names the job by its exact title (any case), and says which ids share an ambiguous one', async () => {
    const res = await bulk([
      row(40, { job_id: `  report ANALYST ${stamp} ` }),
      row(41, { job_id: `Twin Role ${stamp}` }),
      row(42, { job_id: `No Such Role ${stamp}` }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json();
    expect(results.success).toEqual([expect.objectContaining({ row: 1 })]);
    const added: Candidate = (
      await send('GET', `/api/candidates/${results.success[0].uuid}`, recruiter.token)
    ).json();
    expect(added.job_id).toBe(asking.id);
    expect(results.errors).toEqual([
      {
        row: 2,
        name: expect.any(String),
        email: expect.any(String),
        error: M.jobTitleAmbiguous(`Twin Role ${stamp}`, [twinA.id, twinB.id]),
      },
      expect.objectContaining({ row: 3, error: M.jobTitleUnknown(`No Such Role ${stamp}`) }),
    ]);
  });
});

describe('answers and editing', () => {
  it("keeps the sheet's answers to the job's questions (in the job's words), and leaves out others", async () => {
    const res = await bulk([
      row(50, {
        job_answers: { 'are you willing to RELOCATE?': 'Yes, to Pune', 'Another job question?': 'x' },
      }),
    ]);
    const { results } = res.json();
    const added: Candidate = (
      await send('GET', `/api/candidates/${results.success[0].uuid}`, recruiter.token)
    ).json();
    expect(added.job_answers).toEqual({ [QUESTION]: 'Yes, to Pune' });
  });

  it('edits the phone and notes of an imported candidate without answers; answers are asked when given or the job changes', async () => {
    const res = await bulk([row(60)]);
    const { uuid } = res.json().results.success[0];
    const loaded: Candidate = (await send('GET', `/api/candidates/${uuid}`, recruiter.token)).json();
    expect(loaded.job_answers).toEqual({});
    // What the edit form sends: every field, the job's questions with blank answers.
    const phone = `+91 76543 ${String(Date.now() % 100_000).padStart(5, '0')}`;
    const edit = await send('PUT', `/api/candidates/${uuid}`, recruiter.token, {
      name: loaded.name,
      email: loaded.email,
      phone,
      experience: loaded.experience,
      job_id: loaded.job_id,
      job_answers: { [QUESTION]: '', 'Notice negotiable?': '' },
      notes: 'Called, will send the resume',
      version: loaded.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ phone, notes: 'Called, will send the resume' });

    // Giving answers: all of them.
    const partly = await send('PUT', `/api/candidates/${uuid}`, recruiter.token, {
      job_answers: { [QUESTION]: 'Yes', 'Notice negotiable?': '' },
      version: edit.json().version,
    });
    expect(partly.statusCode).toBe(400);
    expect(partly.json().message).toBe(M.answerRequired);
    // Moving to another job that asks questions: answered for that job.
    const other = await createJob(ctx, ctx.adminToken, {
      ...jobBody([sql]),
      title: `Asking Role ${stamp}`,
      questions: ['Why this role?'],
    });
    const moved = await send('PUT', `/api/candidates/${uuid}`, recruiter.token, {
      job_id: other.id,
      version: edit.json().version,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(M.answerRequired);
  });
});

describe('live messages of an import', () => {
  const eventsSince = async (room: string, since: number): Promise<EventsResponse> => {
    const res = await send('GET', `/api/events?room=${room}&since=${since}`, ctx.adminToken);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("tells the job's room and the dashboard every new candidate once, in order, several to a message", async () => {
    const room = `job:${twinA.id}`;
    const [jobFrom, dashboardFrom] = [
      (await eventsSince(room, 0)).last,
      (await eventsSince('dashboard', 0)).last,
    ];
    const rows = [
      ...Array.from({ length: CREATED_PER_MESSAGE + 2 }, (_, i) => row(100 + i, { job_id: twinA.id })),
      row(700, { job_id: twinB.id }),
    ];
    const res = await bulk(rows);
    expect(res.statusCode, res.body).toBe(200);
    const added: { id: number }[] = res.json().results.success;
    expect(added).toHaveLength(rows.length);
    const createdIn = async (r: string, from: number) => {
      const { events, reset } = await eventsSince(r, from);
      expect(reset).toBe(false);
      const told = events.flatMap((m) =>
        m.name === 'candidates:created'
          ? (m.payload as { candidates: { id: number }[] }).candidates
          : m.name === 'candidate:created'
            ? [m.payload as { id: number }]
            : [],
      );
      return { told: told.map((c) => c.id), messages: events.filter((m) => m.name.endsWith(':created')) };
    };
    const job = await createdIn(room, jobFrom);
    const ofJob = added.slice(0, CREATED_PER_MESSAGE + 2).map((a) => a.id);
    expect(job.told).toEqual(ofJob);
    expect(job.messages.map((m) => m.name)).toEqual(['candidates:created', 'candidates:created']);
    // The dashboard hears of both jobs' candidates, each once; the other job's one as a candidate:created.
    const dashboard = await createdIn('dashboard', dashboardFrom);
    expect(dashboard.told).toEqual(added.map((a) => a.id));
    expect(dashboard.messages.map((m) => m.name)).toEqual([
      'candidates:created',
      'candidates:created',
      'candidate:created',
    ]);
  });
  it('an import of several parts: every candidate told once, in order, with its history, counts and one notification a job', async () => {
    const rooms = [`job:${twinA.id}`, `job:${twinB.id}`, 'dashboard'];
    const from = await Promise.all(rooms.map(async (r) => (await eventsSince(r, 0)).last));
    const countOf = async (jobId: number) =>
      Number(
        (
          (await ctx.app.db('candidate_counts').where({ job_id: jobId }).sum({ n: 'n' }).first()) as {
            n: unknown;
          }
        ).n ?? 0,
      );
    const countsBefore = [await countOf(twinA.id), await countOf(twinB.id)];
    const lastNotification = Number(
      ((await ctx.app.db('notifications').max({ id: 'id' }).first()) as { id: number | null }).id ?? 0,
    );
    // More rows than go in one part, the two jobs' rows in turn (each part holds both jobs' candidates).
    const total = ONE_PART + WRITE_PART + 3;
    const rows = Array.from({ length: total }, (_, i) =>
      row(2000 + i, {
        email: `parts.${i}.${stamp}@example.com`,
        phone: `66${String(Date.now() % 1000).padStart(3, '0')}${String(i).padStart(5, '0')}`,
        job_id: i % 2 === 0 ? twinA.id : twinB.id,
      }),
    );
    const res = await bulk(rows);
    expect(res.statusCode, res.body).toBe(200);
    const added: { row: number; id: number }[] = res.json().results.success;
    expect(added.map((a) => a.row)).toEqual(rows.map((_, i) => i + 1));
    const ids = added.map((a) => a.id);
    const told = async (room: string, since: number) => {
      const { events, reset } = await eventsSince(room, since);
      expect(reset).toBe(false);
      return events.flatMap((m) =>
        m.name === 'candidates:created'
          ? (m.payload as { candidates: { id: number }[] }).candidates.map((c) => c.id)
          : m.name === 'candidate:created'
            ? [(m.payload as { id: number }).id]
            : [],
      );
    };
    // Each job's room hears of its own candidates in their rows' order; the dashboard of all of them, once.
    expect(await told(rooms[0]!, from[0]!)).toEqual(ids.filter((_, i) => i % 2 === 0));
    expect(await told(rooms[1]!, from[1]!)).toEqual(ids.filter((_, i) => i % 2 === 1));
    const dashboard = await told(rooms[2]!, from[2]!);
    expect(dashboard).toHaveLength(total);
    expect([...dashboard].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    // One history entry each, the counts up by each job's rows, and one notification per person and job.
    const history = (await ctx.app
      .db('candidate_history')
      .whereIn('candidate_id', ids)
      .select('candidate_id', 'from_status', 'to_status')) as Record<string, unknown>[];
    expect(history).toHaveLength(total);
    expect(history.every((h) => h.from_status === null && h.to_status === 'applied')).toBe(true);
    expect([await countOf(twinA.id), await countOf(twinB.id)]).toEqual([
      countsBefore[0]! + Math.ceil(total / 2),
      countsBefore[1]! + Math.floor(total / 2),
    ]);
    const notified = (await ctx.app
      .db('notifications')
      .where('id', '>', lastNotification)
      .select('user_id', 'job_id', 'kind')) as Record<string, unknown>[];
    expect(notified.length).toBeGreaterThan(0);
    expect(notified.every((n) => n.kind === 'candidates_imported')).toBe(true);
    expect(new Set(notified.map((n) => `${n.user_id}:${n.job_id}`)).size).toBe(notified.length);
  });
});

describe('numbers a row leaves out', () => {
  it('counts a missing or blank experience, CTC or notice period as 0 and adds the row', async () => {
    const bare = row(777, { experience: undefined, current_ctc: '', notice_period: null });
    delete (bare as Record<string, unknown>).experience;
    const res = await bulk([bare]);
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json();
    expect(results.errors).toEqual([]);
    expect(results.duplicates).toEqual([]);
    expect(results.success).toHaveLength(1);
    const stored = await ctx.app.db('candidates').where({ email: bare.email }).first();
    expect(Number(stored.experience)).toBe(0);
    expect(Number(stored.notice_period)).toBe(0);
  });
});
