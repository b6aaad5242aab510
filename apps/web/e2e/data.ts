import type { Candidate, CandidateCreate, Job, JobCreate, SkillPage } from '@portal/contracts';
import { TEST_ADMIN } from '../../../scripts/test-server.ts';

/** Test data for end-to-end tests, made through the API of the app under test (as the admin). */
export async function adminToken(base: string): Promise<string> {
  const login = await fetch(`${base}/api/v2/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  return ((await login.json()) as { token: string }).token;
}

/** Calls the app under test as the admin: GET, or POST with `body`. */
export async function adminCall<T>(base: string, path: string, body?: unknown): Promise<T> {
  const method = body === undefined ? 'GET' : 'POST';
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken(base)}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A job (with the catalogue's React skill) for the candidates to apply to. */
export async function createJob(base: string, overrides: Partial<JobCreate> & { title: string }) {
  const skills = await adminCall<SkillPage>(base, '/api/skills?pageSize=1000');
  const react = skills.items.find((s) => s.name === 'React') ?? skills.items[0]!;
  return adminCall<Job>(base, '/api/jobs', {
    type: 'Full-time',
    description: 'A job made by an end-to-end test.',
    state: 'KA',
    city: 'Bengaluru Urban',
    minSalary: 1_000_000,
    maxSalary: 1_600_000,
    deadline: inDays(30),
    experienceRange: [2, 6],
    interviewRounds: ['Shortlisting', 'HR Round'],
    skillIds: [react.id],
    questions: [],
    clientName: 'Nimbus Fintech',
    clientEmail: 'hiring@nimbus.example',
    clientLocation: 'Bengaluru',
    ...overrides,
  } satisfies JobCreate);
}

export const createCandidate = (base: string, body: CandidateCreate) =>
  adminCall<Candidate>(base, '/api/candidates', body);
