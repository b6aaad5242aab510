import { inject } from 'vitest';
import knex, { type Knex } from 'knex';
import { employeeBody } from '../../../scripts/fixtures.ts';
import type {
  Candidate,
  CandidateCreate,
  CandidateDetails,
  CandidatePage,
  CandidateStatus,
  ClientComment,
  ClientContact,
  ClientContactCreate,
  Interview,
  InterviewCreate,
  IssuedShareLink,
  Job,
  JobCreate,
  JobStatus,
  LoginResponse,
  PersonApplicationCreate,
  ReviewDecisionBody,
  ReviewDecisionSaved,
  ShareAnswer,
  ShareBody,
  SessionUser,
  SkillPage,
} from '@portal/contracts';

/**
 * Data for component tests, made through the real API of the shared test server. Every test file
 * shares that server: use names of your own (see uniqueName) and search by them.
 */
const base = () => inject('apiBase');

async function call<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const res = await fetch(`${base()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      // A DELETE has no body, and the server refuses a JSON content type without one.
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      authorization: `Bearer ${init.token ?? inject('adminToken')}`,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

let counter = 0;
/** A word no other test uses, to search for what this test made. */
export const uniqueName = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`.replace(/[^a-z0-9]/gi, '');

export async function skillIds(names: string[]): Promise<number[]> {
  const page = await call<SkillPage>('/api/skills?pageSize=1000');
  return names.map((n) => {
    const skill = page.items.find((s) => s.name === n);
    if (!skill) throw new Error(`no skill ${n}`);
    return skill.id;
  });
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function createJob(overrides: Partial<JobCreate> & { skills?: string[] }, token?: string) {
  const { skills = ['React'], ...rest } = overrides;
  return call<Job>('/api/jobs', {
    method: 'POST',
    token,
    body: {
      title: 'Test job',
      type: 'Full-time',
      description: 'A job made by a component test.',
      state: 'KA',
      city: 'Bengaluru Urban',
      minSalary: 1_000_000,
      maxSalary: 1_500_000,
      deadline: inDays(30),
      experienceRange: [2, 4],
      interviewRounds: ['Shortlisting'],
      skillIds: await skillIds(skills),
      questions: [],
      clientName: 'Test Client',
      clientEmail: 'client@example.com',
      clientLocation: 'Bengaluru',
      ...rest,
    } satisfies JobCreate,
  });
}

/** Sets a job's status through the API (any status, `expired` too), as the admin. */
export async function setJobStatus(job: Job, status: JobStatus): Promise<Job> {
  return call<Job>(`/api/jobs/${job.id}/status`, { method: 'PATCH', body: { status, version: job.version } });
}

/** A new employee account, signed in: pass it to renderApp. */
export async function createEmployee(name: string): Promise<{ user: SessionUser; token: string }> {
  const username = uniqueName('emp').toLowerCase();
  await call('/api/users', {
    method: 'POST',
    body: employeeBody(username, {
      name,
      username,
      email: `${username}@example.com`,
      password: 'employee-pass',
    }),
  });
  const res = await fetch(`${base()}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'employee-pass' }),
  });
  const login = (await res.json()) as LoginResponse;
  return { user: login.user, token: login.token };
}

let phoneCounter = 0;
/** A phone number no other candidate of this run holds (the duplicate rule compares digits). */
export const uniquePhone = () =>
  `9${(Date.now() % 1e8).toString().padStart(8, '0')}${(phoneCounter++ % 10).toString()}`;

/** A candidate for a job, made through the API (as the admin unless a token is given). */
export async function createCandidate(
  overrides: Partial<CandidateCreate> & { job_id: number },
  token?: string,
): Promise<Candidate> {
  const name = overrides.name ?? uniqueName('Cand');
  return call<Candidate>('/api/candidates', {
    method: 'POST',
    token,
    body: {
      name,
      email: `${name.toLowerCase().replace(/[^a-z0-9]/g, '')}@example.com`,
      phone: uniquePhone(),
      experience: 3,
      source: 'Direct',
      ...overrides,
    } satisfies CandidateCreate,
  });
}

/** The candidate with this e-mail, as the admin reads it (undefined when there is none). */
export async function findCandidateByEmail(email: string): Promise<Candidate | undefined> {
  const page = await call<CandidatePage>(`/api/candidates?search=${encodeURIComponent(email)}&pageSize=5`);
  return page.items.find((c) => c.email === email);
}

/** Moves a candidate to another status (not rejected) through the API. */
export async function setCandidateStatus(c: Candidate, status: CandidateStatus): Promise<Candidate> {
  return call<Candidate>(`/api/candidates/${c.id}/status`, {
    method: 'PATCH',
    body: { status, version: c.version },
  });
}

/** Rejects a candidate through the API (as the admin unless a token is given). */
export async function rejectCandidateByApi(c: Candidate, token?: string): Promise<Candidate> {
  return call<Candidate>(`/api/candidates/${c.id}/reject`, {
    method: 'PATCH',
    token,
    body: {
      status: 'rejected',
      rejection_details: { reason: 'Skills Mismatch', stage: 'Technical Round', comments: 'Not a fit' },
      version: c.version,
    },
  });
}

/** Puts a person on file forward for another job through the API: their new application there. */
export async function addApplication(
  person: Pick<Candidate, 'person_id'>,
  jobId: number,
  body: Omit<PersonApplicationCreate, 'jobId'> = {},
): Promise<Candidate> {
  return call<Candidate>(`/api/people/${person.person_id}/applications`, {
    method: 'POST',
    body: { jobId, ...body } satisfies PersonApplicationCreate,
  });
}

/** A candidate (an application) as the admin's details page reads it. */
export const candidateDetails = (uuid: string) => call<CandidateDetails>(`/api/candidates/${uuid}`);

/**
 * Uploads a resume as the admin (POST /api/upload/resume) and gives the address a candidate's `resume_url`
 * takes. A FormData body: the calling file uses sendFormDataAsMultipart (test/multipart.ts).
 */
export async function uploadResume(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const res = await fetch(`${base()}/api/upload/resume`, {
    method: 'POST',
    headers: { authorization: `Bearer ${inject('adminToken')}` },
    body: form,
  });
  if (!res.ok) throw new Error(`uploading a resume failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { url: string }).url;
}

/** Shares a job's shortlist as the admin (POST /api/candidates/share): the answer holds each recipient's link. */
export const shareShortlist = (body: ShareBody) =>
  call<ShareAnswer>('/api/candidates/share', { method: 'POST', body });

/** A review link's token, from the address the share's answer gives it. */
export const tokenOf = (link: Pick<IssuedShareLink, 'url'>) => link.url.split('/review/')[1]!;

/** Withdraws a review link as the admin. */
export const revokeLink = (id: number) =>
  call(`/api/shares/links/${id}/revoke`, { method: 'POST', body: {} });

/**
 * Moves a review link's expiry a second into the past, in the test server's database: no API shortens a
 * link's life, and a test cannot wait days.
 */
export async function expireLink(id: number) {
  await inTestDatabase((db) =>
    db('share_links')
      .where({ id })
      .update({ expires_at: new Date(Date.now() - 1000) }),
  );
}

/** Moves a share's sending this many days into the past (the not-opened flag counts days from it). */
export async function backdateShare(id: number, days: number) {
  await inTestDatabase((db) =>
    db('shortlist_shares')
      .where({ id })
      .update({ shared_at: new Date(Date.now() - days * 86_400_000) }),
  );
}

/** Runs a write in the test server's SQLite file, through knex as the server writes it. */
async function inTestDatabase(write: (db: Knex) => Promise<unknown>) {
  const db = knex({
    client: 'better-sqlite3',
    connection: { filename: inject('databaseFile') },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate: (conn: { pragma(sql: string): unknown }, done: () => void) => {
        // The server holds the file open: wait for its write lock rather than fail at once.
        conn.pragma('busy_timeout = 5000');
        done();
      },
    },
  });
  try {
    await write(db);
  } finally {
    await db.destroy();
  }
}

/** A client contact of the job (a second recipient of its shares), as the admin. */
export const addClientContact = (jobId: number, body: ClientContactCreate) =>
  call<ClientContact>(`/api/jobs/${jobId}/client-contacts`, { method: 'POST', body });

/** A recruiter's reply on the candidate's thread of the share that link belongs to, as the admin. */
export const replyToClient = (uuid: string, shareLinkId: number, text: string) =>
  call<ClientComment>(`/api/candidates/${uuid}/client-comments`, {
    method: 'POST',
    body: { shareLinkId, text },
  });

/** The recruiter withdraws a candidate from a share, as the admin. */
export const withdrawFromShare = (shareId: number, uuid: string) =>
  call(`/api/shares/${shareId}/candidates/${uuid}`, { method: 'DELETE' });

/** A recipient decides through their own link, as their review page would (no account). */
export async function decideThrough(token: string, uuid: string, body: ReviewDecisionBody) {
  const res = await fetch(`${base()}/api/review/${token}/candidates/${uuid}/decision`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`decision: ${res.status} ${await res.text()}`);
  return (await res.json()) as ReviewDecisionSaved;
}

/** A client's comment on a shared candidate, as their review page would post it (no account). */
export async function clientComments(token: string, uuid: string, text: string) {
  const res = await fetch(`${base()}/api/review/${token}/candidates/${uuid}/comments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text }),
  });
  if (!res.ok) throw new Error(`comment: ${res.status} ${await res.text()}`);
  return (await res.json()) as unknown;
}

/** An interview scheduled through the API, as the admin (a teammate's, or another candidate's). */
export const scheduleInterviewByApi = (uuid: string, body: InterviewCreate) =>
  call<Interview>(`/api/candidates/${uuid}/interviews`, { method: 'POST', body });
