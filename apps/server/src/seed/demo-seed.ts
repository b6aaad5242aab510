import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { skillNameKey } from '../modules/skills/model.ts';
import { storedJobColumns } from '../modules/jobs/model.ts';
import { rebuildCandidateCounts } from '../modules/candidates/counts.ts';
import { rebuildCandidatePositions } from '../modules/candidates/positions.ts';
import { rebuildCandidateWords } from '../modules/candidates/search.ts';
import { rebuildAnalytics } from '../modules/analytics/aggregates.ts';
import { seedDemoLedger } from './demo-ledger.ts';
import type { FastifyBaseLogger } from 'fastify';

const DEMO_SKILLS: [string, string][] = [
  ['JavaScript', 'The language of the web'],
  ['React', 'Component-based user interfaces'],
  ['Node.js', 'JavaScript on the server'],
  ['Python', 'General-purpose programming'],
  ['Java', 'Enterprise applications'],
  ['SQL', 'Relational databases'],
  ['AWS', 'Amazon Web Services'],
  ['Docker', 'Containers'],
  ['TypeScript', 'Typed JavaScript'],
  ['Spring', 'Java application framework'],
  ['Kubernetes', 'Container orchestration'],
];

interface DemoJob {
  title: string;
  type: string;
  description: string;
  state: string;
  city: string;
  lpa: [number, number];
  experience: [number, number];
  skills: string[];
  status: 'active' | 'draft' | 'closed' | 'archived';
  /** Days from today; negative: the deadline has passed (an active job then shows as expired). */
  deadlineInDays: number | null;
  client: [name: string, email: string, location: string];
  openings: number;
}

const ALL_ROUNDS = ['Shortlisting', 'Telephonic / Face-to-Face', 'Technical Round 1', 'HR Round'];

const DEMO_JOBS: DemoJob[] = [
  {
    title: 'Senior React Developer',
    type: 'Full-time',
    description:
      'Lead the front end of a lending platform used by two million customers: design components, review code and mentor two juniors.',
    state: 'KA',
    city: 'Bengaluru Urban',
    lpa: [18, 28],
    experience: [4, 8],
    skills: ['React', 'TypeScript', 'JavaScript'],
    status: 'active',
    deadlineInDays: 30,
    client: ['Nimbus Fintech', 'talent@nimbusfintech.example', 'Koramangala, Bengaluru'],
    openings: 2,
  },
  {
    title: 'Node.js Backend Engineer',
    type: 'Full-time',
    description:
      'Build and run the payment APIs behind a growing e-commerce marketplace. On-call one week in six.',
    state: 'MH',
    city: 'Pune',
    lpa: [12, 20],
    experience: [2, 5],
    skills: ['Node.js', 'AWS', 'SQL', 'Docker'],
    status: 'active',
    deadlineInDays: 21,
    client: ['Kirana Cart', 'hr@kiranacart.example', 'Hinjewadi, Pune'],
    openings: 3,
  },
  {
    title: 'Python Data Analyst',
    type: 'Full-time',
    description: 'Turn claims data into weekly dashboards and models for an insurance analytics team.',
    state: 'TG',
    city: 'Hyderabad',
    lpa: [8, 14],
    experience: [1, 3],
    skills: ['Python', 'SQL'],
    status: 'active',
    deadlineInDays: 14,
    client: ['Suraksha Insurance', 'careers@suraksha.example', 'HITEC City, Hyderabad'],
    openings: 1,
  },
  {
    title: 'DevOps Engineer',
    type: 'Contract',
    description:
      'Six-month contract to move forty services to Kubernetes and set up their delivery pipelines.',
    state: 'TN',
    city: 'Chennai',
    lpa: [15, 25],
    experience: [3, 7],
    skills: ['AWS', 'Docker', 'Kubernetes'],
    status: 'draft',
    deadlineInDays: 45,
    client: ['Coromandel Logistics', 'it.hiring@coromandel.example', 'Guindy, Chennai'],
    openings: 1,
  },
  {
    title: 'Java Spring Boot Developer',
    type: 'Full-time',
    description: 'Maintain core banking integrations written in Java and Spring Boot for a private bank.',
    state: 'DL',
    city: 'New Delhi',
    lpa: [10, 18],
    experience: [3, 6],
    skills: ['Java', 'Spring', 'SQL'],
    status: 'closed',
    deadlineInDays: 10,
    client: ['Yamuna Bank', 'recruitment@yamunabank.example', 'Connaught Place, New Delhi'],
    openings: 2,
  },
  {
    title: 'Frontend Developer Intern',
    type: 'Internship',
    description: 'A paid six-month internship building marketing pages and small React widgets.',
    state: 'KA',
    city: 'Bengaluru Urban',
    lpa: [2, 3],
    experience: [0, 1],
    skills: ['JavaScript', 'React'],
    status: 'active',
    deadlineInDays: -5,
    client: ['Nimbus Fintech', 'talent@nimbusfintech.example', 'Koramangala, Bengaluru'],
    openings: 4,
  },
  {
    title: 'QA Automation Engineer',
    type: 'Full-time',
    description: 'Write and maintain end-to-end test suites for a travel booking site.',
    state: 'MH',
    city: 'Mumbai',
    lpa: [7, 12],
    experience: [2, 4],
    skills: ['JavaScript', 'Python'],
    status: 'archived',
    deadlineInDays: null,
    client: ['Konkan Travels', 'jobs@konkantravels.example', 'Andheri, Mumbai'],
    openings: 1,
  },
  {
    title: 'Cloud Solutions Architect',
    type: 'Remote',
    description: 'Design multi-region AWS platforms for enterprise customers across India and the Gulf.',
    state: 'HR',
    city: 'Gurugram',
    lpa: [35, 50],
    experience: [10, 15],
    skills: ['AWS', 'Kubernetes', 'Docker'],
    status: 'active',
    deadlineInDays: 60,
    client: ['Aravali Cloud', 'people@aravalicloud.example', 'Cyber City, Gurugram'],
    openings: 1,
  },
];

/** Demo jobs, created by the first admin, on a database that has none yet. */
async function seedDemoJobs(db: Knex): Promise<number> {
  if (await db('jobs').first('id')) return 0;
  const admin = await db('users').where({ role: 'admin' }).orderBy('id').first('id');
  const skillIds = new Map(
    ((await db('skills').select('id', 'name')) as { id: number; name: string }[]).map((s) => [s.name, s.id]),
  );
  const now = new Date();
  const day = 86_400_000;
  for (const job of DEMO_JOBS) {
    const [id] = await db('jobs').insert({
      title: job.title,
      type: job.type,
      description: job.description,
      state: job.state,
      city: job.city,
      min_salary: job.lpa[0] * 100_000,
      max_salary: job.lpa[1] * 100_000,
      deadline:
        job.deadlineInDays === null
          ? null
          : new Date(now.getTime() + job.deadlineInDays * day).toISOString().slice(0, 10),
      experience_min: job.experience[0],
      experience_max: job.experience[1],
      ...storedJobColumns({
        interview_rounds: ALL_ROUNDS,
        questions: ['What is your notice period?', 'Why are you looking for a change?'],
      }),
      client_name: job.client[0],
      client_email: job.client[1],
      client_location: job.client[2],
      openings: job.openings,
      status: job.status,
      created_by_id: admin?.id ?? null,
      updated_by_id: admin?.id ?? null,
      created_at: now,
      updated_at: now,
    });
    const links = job.skills
      .filter((n) => skillIds.has(n))
      .map((n) => ({ job_id: id, skill_id: skillIds.get(n) }));
    if (links.length > 0) await db('job_skills').insert(links);
  }
  return DEMO_JOBS.length;
}

const DEMO_CANDIDATES: [
  name: string,
  status: string,
  source: string,
  experience: number,
  ctc: [number, number],
][] = [
  ['Aarav Sharma', 'applied', 'LinkedIn', 3.5, [9, 14]],
  ['Priya Iyer', 'screening', 'Naukri', 5, [16, 22]],
  ['Rohan Patel', 'shortlisted', 'Referral', 6.5, [20, 28]],
  ['Ananya Reddy', 'interviewed', 'Direct', 2, [6, 9]],
  ['Vikram Nair', 'selected', 'Agency', 8, [28, 36]],
  ['Meera Gupta', 'shortlisted', 'LinkedIn', 4, [12, 18]],
  ['Arjun Khan', 'rejected', 'Indeed', 1.5, [4, 7]],
  ['Kavya Das', 'joined', 'Referral', 7, [24, 30]],
  ['Ishaan Mehta', 'applied', 'Direct', 0.5, [3, 5]],
  ['Diya Singh', 'screening', 'Naukri', 3, [10, 13]],
];

/** Demo candidates across the active demo jobs, with their first history entry, on a database with none. */
async function seedDemoCandidates(db: Knex): Promise<number> {
  if (await db('candidates').first('id')) return 0;
  const admin = await db('users').where({ role: 'admin' }).orderBy('id').first('id', 'username', 'name');
  const jobs = (await db('jobs')
    .where({ status: 'active' })
    .orderBy('id')
    .limit(4)
    .select('id', 'questions')) as {
    id: number;
    questions: string;
  }[];
  if (jobs.length === 0) return 0;
  const now = Date.now();
  for (const [i, [name, status, source, experience, [current, expected]]] of DEMO_CANDIDATES.entries()) {
    const job = jobs[i % jobs.length]!;
    const questions = JSON.parse(job.questions || '[]') as string[];
    const at = new Date(now - (DEMO_CANDIDATES.length - i) * 86_400_000);
    const phone = `98450${String(10_000 + i * 137).padStart(5, '0')}`;
    const rejected = status === 'rejected';
    // Who they are, once (people), and their application to the job (candidates), which keeps a copy.
    const person = {
      name,
      email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
      phone,
      phone_key: phone,
      experience,
      current_company: ['Infosys', 'TCS', 'Wipro', 'Zoho', 'Freshworks'][i % 5],
      current_ctc: current,
      expected_ctc: expected,
      notice_period: [15, 30, 60, 90][i % 4],
      current_location: 'Karnataka, Bengaluru Urban',
      preferred_location: ['Karnataka, Bengaluru Urban', 'Maharashtra, Pune', 'Telangana, Hyderabad'][i % 3],
    };
    const [personId] = await db('people').insert({
      uuid: randomUUID(),
      ...person,
      version: 1,
      created_at: at,
      updated_at: at,
    });
    const [id] = await db('candidates').insert({
      uuid: randomUUID(),
      person_id: personId,
      job_id: job.id,
      ...person,
      status,
      source,
      referred_by: source === 'Referral' ? 'Neha Kulkarni' : null,
      job_answers: JSON.stringify(
        Object.fromEntries(questions.map((q) => [q, q.includes('notice') ? '30 days' : 'Growth'])),
      ),
      rejection_reason: rejected ? 'Skills Mismatch' : null,
      rejection_details: rejected
        ? JSON.stringify({
            reason: 'Skills Mismatch',
            stage: 'Technical Round',
            comments: 'Needs more hands-on experience with the stack.',
            rejected_by: admin?.username ?? null,
            rejected_by_name: admin?.name ?? null,
            rejected_at: at.toISOString(),
          })
        : null,
      created_by_id: admin?.id ?? null,
      created_at: at,
      updated_at: at,
    });
    await db('candidate_history').insert([
      {
        candidate_id: id,
        from_status: null,
        to_status: 'applied',
        changed_by_id: admin?.id ?? null,
        changed_at: at,
      },
      ...(status === 'applied'
        ? []
        : [
            {
              candidate_id: id,
              from_status: 'applied',
              to_status: status,
              changed_by_id: admin?.id ?? null,
              changed_at: at,
              ...(rejected
                ? {
                    reason: 'Skills Mismatch',
                    stage: 'Technical Round',
                    comments: 'Needs more hands-on experience with the stack.',
                  }
                : {}),
            },
          ]),
    ]);
  }
  await rebuildCandidateCounts(db);
  await rebuildCandidatePositions(db);
  await rebuildCandidateWords(db);
  await rebuildAnalytics(db);
  return DEMO_CANDIDATES.length;
}

/** Demo data for a first look (SEED_DEMO=1). Idempotent: rows that exist are left alone. */
export async function seedDemoData(db: Knex, log: Pick<FastifyBaseLogger, 'info'>) {
  const now = new Date();
  const existing = new Set((await db('skills').pluck('name_key')) as string[]);
  const rows = DEMO_SKILLS.filter(([name]) => !existing.has(skillNameKey(name))).map(
    ([name, description]) => ({
      name,
      name_key: skillNameKey(name),
      description,
      status: 'active',
      created_at: now,
      updated_at: now,
    }),
  );
  if (rows.length > 0) await db('skills').insert(rows);
  const jobs = await seedDemoJobs(db);
  const candidates = await seedDemoCandidates(db);
  const ledger = await seedDemoLedger(db);
  log.info({ skills: rows.length, jobs, candidates, ...ledger }, 'demo data seeded');
}
