import type { Knex } from 'knex';

/** Inserts `count` skills in batches (names unique: "Skill 1" … "Skill N"). */
export async function seedSkills(db: Knex, count: number) {
  const now = new Date();
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      rows.push({
        name: `Skill ${i + 1}`,
        name_key: `skill ${i + 1}`,
        description: `Benchmark skill number ${i + 1}`,
        status: i % 7 ? 'active' : 'inactive',
        created_at: now,
        updated_at: now,
      });
    }
    await db('skills').insert(rows);
  }
}

const ROLES = [
  'Engineer',
  'Developer',
  'Analyst',
  'Designer',
  'Manager',
  'Consultant',
  'Architect',
  'Tester',
];
const LEVELS = ['Junior', 'Senior', 'Lead', 'Principal', 'Associate', 'Staff'];
const AREAS = ['Frontend', 'Backend', 'Data', 'Cloud', 'Mobile', 'Platform', 'Security', 'QA', 'Sales', 'HR'];
const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Internship', 'Remote'];
const STATUSES = ['active', 'active', 'active', 'draft', 'closed', 'archived', 'expired'];
const WORDS =
  'design build maintain scale test ship review mentor plan deliver integrate secure monitor automate migrate'.split(
    ' ',
  );

/**
 * Inserts `count` jobs with a spread of titles, types, statuses, salaries, experience, deadlines and
 * one to five skills each from the catalogue's first `skillPool` skills (which hold the filter's names).
 */
export async function seedJobs(db: Knex, count: number, { skillPool = 40 } = {}) {
  const now = new Date();
  const day = 86_400_000;
  const skillIds = (await db('skills').orderBy('id').limit(skillPool).pluck('id')).map(Number);
  const [{ id: adminId }] = (await db('users').orderBy('id').limit(1).select('id')) as [{ id: number }];
  const districts = (await db('districts').select('state_code', 'name')) as {
    state_code: string;
    name: string;
  }[];
  // mulberry32: a small seeded generator, so that every run seeds the same data.
  let seed = 42;
  const rand = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
  };
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const jobs: Record<string, unknown>[] = [];
    const size = Math.min(batch, count - start);
    for (let i = 0; i < size; i++) {
      const place = districts[rand(districts.length)]!;
      const minLpa = 2 + rand(40);
      const minExp = rand(12);
      const words = Array.from({ length: 24 }, () => WORDS[rand(WORDS.length)]).join(' ');
      jobs.push({
        title: `${LEVELS[rand(LEVELS.length)]} ${AREAS[rand(AREAS.length)]} ${ROLES[rand(ROLES.length)]}`,
        type: JOB_TYPES[rand(JOB_TYPES.length)],
        description: `We ${words}. Job number ${start + i + 1}.`,
        state: place.state_code,
        city: place.name,
        min_salary: minLpa * 100_000,
        max_salary: (minLpa + 1 + rand(20)) * 100_000,
        deadline: new Date(now.getTime() + (rand(200) - 60) * day).toISOString().slice(0, 10),
        experience_min: minExp,
        experience_max: Math.min(20, minExp + 1 + rand(6)),
        interview_rounds: '["Shortlisting","HR Round"]',
        questions: '[]',
        client_name: `Client ${rand(500)}`,
        client_email: 'hr@client.example',
        client_location: place.name,
        openings: 1 + rand(5),
        status: STATUSES[rand(STATUSES.length)],
        created_by_id: adminId,
        updated_by_id: adminId,
        created_at: now,
        updated_at: now,
      });
    }
    await db.transaction(async (trx) => {
      const first = Number((await trx('jobs').insert(jobs))[0]);
      // SQLite answers the last id of a batch, MySQL the first.
      const firstId = db.client.driverName === 'better-sqlite3' ? first - size + 1 : first;
      const links = [];
      for (let i = 0; i < size; i++) {
        const picked = new Set<number>();
        const n = 1 + rand(5);
        while (picked.size < n) picked.add(skillIds[rand(skillIds.length)]!);
        for (const skill_id of picked) links.push({ job_id: firstId + i, skill_id });
      }
      await trx.batchInsert('job_skills', links, 400);
    });
  }
}
