import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANDIDATE_MESSAGES as M,
  NOTIFICATION_MESSAGES as N,
  PUBLIC_MESSAGES,
  type Candidate,
  type CandidateDetails,
  type Job,
  type Notification,
  type NotificationPage,
} from '@portal/contracts';
import { multipartForm, requester, setupTestApp, type TestContext } from './helper.ts';
import { createJob, createSkills, jobBody } from './job-fixtures.ts';
import { candidateBody, createCandidate, FILES } from './candidate-fixtures.ts';
import { liveClients, until } from './live-clients.ts';

const ctx: TestContext = setupTestApp({ APPLY_RATE_LIMIT: '1000' });
const send = requester(ctx);
const live = liveClients();

type User = Awaited<ReturnType<TestContext['createUser']>>;
let owner: User; // created the job applied to
let editor: User; // may edit it
let recruiter: User; // created the existing candidate (on the admin's job)
let outsider: User; // has nothing to do with either
let adminJob: Job;
let ownerJob: Job;
let existing: Candidate;
let address: string;

beforeAll(async () => {
  [owner, editor, recruiter, outsider] = [
    await ctx.createUser(),
    await ctx.createUser(),
    await ctx.createUser(),
    await ctx.createUser(),
  ];
  const skills = await createSkills(ctx, ['Python']);
  adminJob = await createJob(ctx, ctx.adminToken, {
    ...jobBody([skills.Python!]),
    title: 'Frontend Developer',
    questions: [],
  });
  ownerJob = await createJob(ctx, owner.token, {
    ...jobBody([skills.Python!]),
    title: 'Python Data Analyst',
    questions: [],
    editable_by: [editor.user.id],
  });
  existing = await createCandidate(ctx, recruiter.token, adminJob.id, { job_answers: {} });
  address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => live.closeAll());

function apply(jobId: number, fields: Record<string, string>) {
  const form = multipartForm({
    ...fields,
    resume: { filename: 'cv.pdf', contentType: 'application/pdf', data: FILES.pdf },
  });
  return ctx.app.inject({
    method: 'POST',
    url: `/api/public/jobs/${jobId}/apply`,
    payload: form.payload,
    headers: form.headers,
  });
}

const notificationsOf = async (token: string, query = ''): Promise<NotificationPage> =>
  (await send('GET', `/api/notifications${query}`, token)).json();
/** The user's notifications since `after` (an id), newest first. */
const newSince = async (token: string, after: number) =>
  (await notificationsOf(token, '?limit=100')).items.filter((n) => n.id > after);
const lastId = async () =>
  Number(((await ctx.app.db('notifications').max({ id: 'id' }).first()) as { id: number | null }).id ?? 0);
const historyOf = async (uuid: string): Promise<CandidateDetails['history']> =>
  ((await send('GET', `/api/candidates/${uuid}`, ctx.adminToken)).json() as CandidateDetails).history;

describe('an application from a person already on file (careers)', () => {
  it("for another job, by e-mail: an application of theirs on that job, said truly, the job's people told", async () => {
    const before = { candidates: await ctx.count('candidates'), mark: await lastId() };
    const res = await apply(ownerJob.id, {
      name: 'Different Name',
      email: existing.email.toUpperCase(),
      phone: '9111111111',
    });
    // The page is told what anyone is told; the truth goes by e-mail (careers-on-file.test.ts).
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: PUBLIC_MESSAGES.applied,
      reference: expect.any(String),
    });
    // One more application, of the same person, with the profile's fields (not what was typed).
    expect(await ctx.count('candidates')).toBe(before.candidates + 1);
    const stored = await ctx.app.db('candidates').where({ id: existing.id }).first();
    expect(stored).toMatchObject({ name: existing.name, job_id: adminJob.id });
    const added = await ctx.app
      .db('candidates')
      .where({ job_id: ownerJob.id, person_id: existing.person_id })
      .first();
    expect(added).toMatchObject({ name: existing.name, email: existing.email, status: 'applied' });
    // Its resume is served to signed-in users like any candidate's.
    expect((await send('GET', added.resume_url, outsider.token)).statusCode).toBe(200);
    // The job's people are told of a new candidate, as of any applicant; no one else.
    const text = N.candidateAdded(null, existing.name, 'Python Data Analyst');
    for (const who of [owner, editor]) {
      expect((await newSince(who.token, before.mark)).map((n) => [n.kind, n.text])).toEqual([
        ['candidate_added', text],
      ]);
    }
    expect(await newSince(outsider.token, before.mark)).toEqual([]);
  });

  it('for a third job, by phone written differently: an application of the same person', async () => {
    const thirdJob = await createJob(ctx, owner.token, {
      ...jobBody([(await createSkills(ctx, ['SQL'])).SQL!]),
      title: 'Data Engineer',
      questions: [],
    });
    const before = await ctx.count('candidates');
    const spaced = `+91 ${existing.phone.slice(0, 5)} ${existing.phone.slice(5)}`;
    const res = await apply(thirdJob.id, {
      name: 'Phone Match',
      email: 'someone.new@example.com',
      phone: spaced,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: PUBLIC_MESSAGES.applied });
    expect(await ctx.count('candidates')).toBe(before + 1);
    const apps = await ctx.app.db('candidates').where({ person_id: existing.person_id }).orderBy('id');
    expect(apps.map((a: { job_id: number }) => Number(a.job_id))).toEqual([
      adminJob.id,
      ownerJob.id,
      thirdJob.id,
    ]);
  });

  it('for the same job again: recorded and said so', async () => {
    const res = await apply(adminJob.id, { name: existing.name, email: existing.email });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: PUBLIC_MESSAGES.applied,
      reference: expect.any(String),
    });
    const [entry] = await historyOf(existing.uuid);
    expect(entry).toMatchObject({ kind: 'application', job_id: adminJob.id });
  });

  it('a new person: a new candidate, with a reference, and the job people told', async () => {
    const mark = await lastId();
    const res = await apply(ownerJob.id, { name: 'Brand New', email: 'brand.new@example.com' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: PUBLIC_MESSAGES.applied,
      reference: expect.any(String),
    });
    for (const who of [owner, editor]) {
      expect((await newSince(who.token, mark)).map((n) => [n.kind, n.text])).toEqual([
        ['candidate_added', N.candidateAdded(null, 'Brand New', 'Python Data Analyst')],
      ]);
    }
    expect(await newSince(recruiter.token, mark)).toEqual([]);
  });
});

describe('staff add and bulk import keep refusing duplicates, and say what matched', () => {
  it.each([
    ['e-mail', 'email', M.duplicateEmail],
    ['phone', 'phone', M.duplicatePhone],
  ] as const)(
    'staff add on another job, same %s: 409 naming it, nothing stored',
    async (_, field, message) => {
      const before = {
        candidates: await ctx.count('candidates'),
        notifications: await ctx.count('notifications'),
      };
      const body = candidateBody(ownerJob.id, { job_answers: {}, [field]: existing[field] });
      const res = await send('POST', '/api/candidates', editor.token, body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message, field });
      expect({
        candidates: await ctx.count('candidates'),
        notifications: await ctx.count('notifications'),
      }).toEqual(before);
    },
  );

  it('bulk: duplicates by e-mail and phone are listed with what matched; one notification per import', async () => {
    const mark = await lastId();
    const row = (n: number, extra: Record<string, unknown> = {}) => ({
      name: `Bulk Notify ${n}`,
      email: `bulk.notify.${n}@example.com`,
      phone: `70000000${String(n).padStart(2, '0')}`,
      experience: 2,
      job_id: ownerJob.id,
      ...extra,
    });
    const res = await send('POST', '/api/candidates/bulk-upload', editor.token, {
      candidates: [
        row(1),
        row(2),
        row(3),
        row(4, { email: existing.email }),
        row(5, { phone: existing.phone }),
      ],
    });
    expect(res.statusCode).toBe(200);
    const { results } = res.json();
    expect(results.errors).toEqual([]);
    expect(results.success).toHaveLength(3);
    expect(results.duplicates).toEqual([
      expect.objectContaining({ name: 'Bulk Notify 4', error: M.duplicateEmail }),
      expect.objectContaining({ name: 'Bulk Notify 5', error: M.duplicatePhone }),
    ]);
    expect((await newSince(owner.token, mark)).map((n) => [n.kind, n.text, n.link])).toEqual([
      [
        'candidates_imported',
        N.candidatesImported(editor.user.name, 3, 'Python Data Analyst'),
        `/employee/recruitments/job-management/details/${ownerJob.id}`,
      ],
    ]);
    // Never the one who acted.
    expect(await newSince(editor.token, mark)).toEqual([]);
  });
});

describe('changes by someone else, shortlists, and the reader API', () => {
  it("tells a candidate's creator of others' changes, never of their own", async () => {
    const mine = await createCandidate(ctx, owner.token, ownerJob.id, { job_answers: {} });
    const mark = await lastId();
    await send('PATCH', `/api/candidates/${mine.uuid}/status`, owner.token, { status: 'screening' });
    expect(await newSince(owner.token, mark)).toEqual([]);
    const moved = await send('PATCH', `/api/candidates/${mine.uuid}/status`, editor.token, {
      status: 'shortlisted',
    });
    expect(moved.statusCode).toBe(200);
    const edited = await send('PUT', `/api/candidates/${mine.uuid}`, ctx.adminToken, {
      notes: 'Call on Monday',
    });
    expect(edited.statusCode).toBe(200);
    expect((await newSince(owner.token, mark)).map((n) => n.text)).toEqual([
      N.candidateChanged('admin', mine.name).replace('admin', (await adminName()) ?? 'admin'),
      N.candidateMoved(editor.user.name, mine.name, 'screening', 'shortlisted'),
    ]);
    expect(await newSince(editor.token, mark)).toEqual([]);

    // Sharing the shortlist tells the job's people, not the one who shared.
    const shareMark = await lastId();
    const shared = await send('POST', '/api/candidates/share', editor.token, { jobId: ownerJob.id });
    expect(shared.statusCode).toBe(200);
    expect((await newSince(owner.token, shareMark)).map((n) => [n.kind, n.text])).toEqual([
      ['shortlist_shared', N.shortlistShared(editor.user.name, 1, 'Python Data Analyst')],
    ]);
    expect(await newSince(editor.token, shareMark)).toEqual([]);
  });

  it('lists newest first in pages, counts unread, marks one or all read, and only the reader’s own', async () => {
    const all = await notificationsOf(owner.token, '?limit=100');
    expect(all.items.length).toBeGreaterThanOrEqual(4);
    expect(all.items.map((n) => n.id)).toEqual([...all.items.map((n) => n.id)].sort((a, b) => b - a));
    expect(all.unread).toBe(all.items.length);
    const first = await notificationsOf(owner.token, '?limit=2');
    expect(first.items).toEqual(all.items.slice(0, 2));
    expect(first.next).toBe(all.items[1]!.id);
    const second = await notificationsOf(owner.token, `?limit=2&before=${first.next}`);
    expect(second.items).toEqual(all.items.slice(2, 4));

    const target = all.items[0]!;
    // Someone else's is not found.
    expect((await send('POST', `/api/notifications/${target.id}/read`, editor.token)).statusCode).toBe(404);
    const read = await send('POST', `/api/notifications/${target.id}/read`, owner.token);
    expect(read.statusCode).toBe(200);
    expect((read.json() as Notification).readAt).toEqual(expect.any(String));
    expect((await send('GET', '/api/notifications/unread-count', owner.token)).json()).toEqual({
      unread: all.unread - 1,
    });
    const unreadOnly = await notificationsOf(owner.token, '?unread=true&limit=100');
    expect(unreadOnly.items.map((n) => n.id)).not.toContain(target.id);
    expect((await send('POST', '/api/notifications/read-all', owner.token)).json()).toEqual({ unread: 0 });
    expect((await notificationsOf(owner.token)).unread).toBe(0);
    // Others' stay unread.
    expect((await notificationsOf(editor.token)).unread).toBeGreaterThan(0);
    expect((await send('GET', '/api/notifications')).statusCode).toBe(401);
  });
});

describe('live', () => {
  it("sends each notification to its user's sockets only, never to the one who acted", async () => {
    const url = `${address}`;
    const [ownerSocket, ownerTab, editorSocket, outsiderSocket] = [
      await live.open(url, { token: owner.token }),
      await live.open(url, { token: owner.token }),
      await live.open(url, { token: editor.token }),
      await live.open(url, { token: outsider.token }),
    ];
    const got = new Map<string, Notification[]>();
    for (const [name, s] of Object.entries({ ownerSocket, ownerTab, editorSocket, outsiderSocket })) {
      got.set(name, []);
      s.on('notification:new', (n) => got.get(name)!.push(n));
    }
    const res = await apply(ownerJob.id, { name: 'Live Applicant', email: existing.email });
    expect(res.statusCode).toBe(201);
    expect(await until(() => got.get('ownerSocket')!.length > 0 && got.get('ownerTab')!.length > 0)).toBe(
      true,
    );
    expect(await until(() => got.get('editorSocket')!.length > 0)).toBe(true);
    expect(got.get('ownerSocket')![0]).toMatchObject({
      kind: 'application_recorded',
      text: N.applicationRecorded(existing.name, 'Python Data Analyst'),
    });
    // The editor acts: the owner hears of it, the editor does not.
    const mine = await createCandidate(ctx, owner.token, ownerJob.id, { job_answers: {} });
    // Its arrival is told to the editor (the job's people); that one is not what this step is about.
    expect(await until(() => got.get('editorSocket')!.some((n) => n.candidateId === mine.id))).toBe(true);
    got.forEach((list) => list.splice(0));
    await send('PATCH', `/api/candidates/${mine.uuid}/status`, editor.token, { status: 'screening' });
    expect(await until(() => got.get('ownerSocket')!.length > 0)).toBe(true);
    // The owner's next arrival is told to the editor: once it is there, anything about the editor's own
    // step would have come before it on the same socket.
    const marker = await createCandidate(ctx, owner.token, ownerJob.id, { job_answers: {} });
    expect(await until(() => got.get('editorSocket')!.length > 0)).toBe(true);
    expect(got.get('editorSocket')!.map((n) => n.candidateId)).toEqual([marker.id]);
    expect(got.get('outsiderSocket')).toEqual([]);
    // A client cannot join someone else's room.
    const refused = await outsiderSocket.timeout(2000).emitWithAck('job:join', { jobId: 0 });
    expect(refused.ok).toBe(false);
  });
});

async function adminName(): Promise<string | null> {
  const row = (await ctx.app.db('users').where({ username: 'admin' }).first('name')) as
    { name: string } | undefined;
  return row?.name ?? null;
}
