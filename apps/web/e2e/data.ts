import type { Candidate, CandidateCreate, Job, JobCreate } from '@portal/contracts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

/** Test data for end-to-end tests, made through the API of the app under test (as the admin). */
async function adminToken(base: string): Promise<string> {
  const login = await fetch(`${base}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  return ((await login.json()) as { token: string }).token;
}

async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(base)}` },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export const createJob = (base: string, overrides: Partial<JobCreate> & { title: string }) =>
  post<Job>(base, '/api/jobs', {
    type: 'Full-time',
    description: 'A job made by an end-to-end test.',
    state: 'KA',
    city: 'Bengaluru Urban',
    minSalary: 1_000_000,
    maxSalary: 1_600_000,
    deadline: inDays(30),
    experienceRange: [2, 6],
    interviewRounds: ['Shortlisting', 'HR Round'],
    skillIds: [],
    questions: [],
    clientName: 'Nimbus Fintech',
    clientEmail: 'hiring@nimbus.example',
    clientLocation: 'Bengaluru',
    ...overrides,
  } satisfies JobCreate);

export const createCandidate = (base: string, body: CandidateCreate) =>
  post<Candidate>(base, '/api/candidates', body);
