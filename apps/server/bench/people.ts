/**
 * People benchmark (`BENCH_CASES=people`), at 1,000,000 candidates who are 700,000 people (three in ten a
 * person's second application, seed in candidates.ts):
 * - the people migration (20261128090000_people) timed on that database as it was stored before people
 *   existed, with one history entry per candidate and 10,000 careers applications recorded on another
 *   job's profile, which it turns into applications (target under 10 minutes on MySQL);
 * - the talent pool: the first page, name, e-mail, phone and company searches, the filters (p50 and p95;
 *   target p50 under 100 ms), a person's page (target under 30 ms), and 500 people added to a job in one
 *   request (target under 2 s).
 * BENCH_KEEP=1 keeps the migrated database (`portal_people_kept` on MySQL) and reuses it on the next run,
 * which then skips the seed and the migration. Figures are printed; nothing asserts a time.
 */
import type { Knex } from 'knex';
import { createBenchApp } from './bench-app.ts';
import { seedJobs, seedSkills } from './seed.ts';
import { backToSeed, emailOf, percentile, personIndexOf, seedCandidates, seedMarks } from './candidates.ts';
import { load } from './fanout-harness.ts';
import { rebuildCandidateCounts } from '../src/modules/candidates/counts.ts';
import { rebuildCandidateWords } from '../src/modules/candidates/search.ts';

/** Careers applications recorded on another job's profile before people existed. */
const RECORDED_APPLICATIONS = 10_000;
/** People put forward for a job in one request, and how many such requests are timed. */
const BULK_ADD = 500;
const BULK_ROUNDS = 5;

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * The candidates as stored before people: the people migration taken down, the candidates seeded with
 * their history, and careers applications recorded on the profiles of every hundredth candidate (for a
 * job 100 jobs on, where that person has no application); then the migration timed.
 */
async function seedAndMigrate(db: Knex, large: number, isMysql: boolean) {
  await seedSkills(db, 50);
  await seedJobs(db, 200, { skillPool: 40 });
  const jobIds = (await db('jobs').orderBy('id').pluck('id')).map(Number);
  const [{ id: adminId }] = (await db('users').orderBy('id').limit(1).select('id')) as [{ id: number }];
  // Down to before the people migration (it and those after it).
  while (await db.schema.hasTable('people')) await db.migrate.down();
  const start = performance.now();
  await seedCandidates(db, 0, large, jobIds, adminId, { withPeople: false });
  await rebuildCandidateCounts(db);
  await rebuildCandidateWords(db, 0);
  await db.raw(
    `INSERT INTO candidate_history (candidate_id, from_status, to_status, changed_by_id, changed_at)
     SELECT id, NULL, status, created_by_id, created_at FROM candidates`,
  );
  const recorded = [];
  for (let k = 0; k < RECORDED_APPLICATIONS && k * 100 < large; k++) {
    const i = k * 100;
    recorded.push({
      candidate_id: i + 1,
      from_status: null,
      to_status: 'applied',
      changed_at: new Date(),
      kind: 'application',
      job_id: jobIds[(i + 100) % jobIds.length],
      // References are 9 characters, as the careers pages make them.
      application_reference: `B${String(k).padStart(8, '0')}`,
    });
  }
  for (let k = 0; k < recorded.length; k += 500)
    await db('candidate_history').insert(recorded.slice(k, k + 500));
  if (isMysql) await db.raw('ANALYZE TABLE candidates, candidate_words, candidate_history');
  console.log(
    `  seeded ${large.toLocaleString()} candidates as stored before people, their history and ` +
      `${recorded.length.toLocaleString()} recorded careers applications in ${seconds(start)} s`,
  );

  const migrateStart = performance.now();
  // The people migration and those after it, as a user's upgrade runs them.
  await db.migrate.latest();
  const migrated = seconds(migrateStart);
  const count = async (table: string) => Number((await db(table).count({ n: '*' }))[0]!.n);
  console.log(
    `  people migration: ${migrated} s (target under 600 s) -> ${(await count('people')).toLocaleString()} people, ` +
      `${(await count('candidates')).toLocaleString()} applications   (${load()})`,
  );
  if (isMysql) await db.raw('ANALYZE TABLE people, candidates');
  return jobIds;
}

export async function benchPeople({
  mysqlBase,
  large,
  rounds,
  keep,
}: {
  mysqlBase?: string;
  large: number;
  rounds: number;
  keep: boolean;
}) {
  const dialect = mysqlBase ? 'MySQL' : 'SQLite';
  console.log(`\npeople (${dialect}): ${large.toLocaleString()} candidates, ${rounds} requests per case`);
  const bench = await createBenchApp(mysqlBase, 'people', { keep });
  const { db } = bench;
  try {
    const seeded = Number((await db('candidates').count({ n: '*' }))[0]!.n) > 0;
    const jobIds = seeded
      ? (await db('jobs').orderBy('id').pluck('id')).map(Number)
      : await seedAndMigrate(db, large, Boolean(mysqlBase));
    const marks = await seedMarks(db);
    const { address, token } = await bench.listen();
    const call = async (path: string, init: { method?: string; body?: unknown } = {}) => {
      const res = await fetch(`${address}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${text}`);
      return JSON.parse(text) as unknown;
    };
    const time = async (name: string, path: (i: number) => string) => {
      for (let i = 0; i < 5; i++) await call(path(i)); // warm
      const times: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const start = performance.now();
        await call(path(i));
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${name.padEnd(52)} p50 ${percentile(times, 0.5).toFixed(2)} ms   p95 ${percentile(times, 0.95).toFixed(2)} ms`,
      );
    };
    // People by the candidate that first named them (candidate `i` is row i + 1): the migration numbers a
    // person after their most recent row, the seed after their first.
    const personIdsOf = async (indexes: number[]) => {
      const rows: { id: number; person_id: number }[] = await db('candidates')
        .whereIn(
          'id',
          indexes.map((i) => i + 1),
        )
        .select('id', 'person_id');
      const byRow = new Map(rows.map((r) => [Number(r.id), Number(r.person_id)]));
      return indexes.map((i) => byRow.get(i + 1)!);
    };
    // People of two applications: those whose candidate number ends in 0 to 2 (see personIndexOf).
    const twoApplications = await personIdsOf(
      Array.from({ length: rounds + 5 }, (_, i) => ((i * 7919) % Math.floor(large / 10)) * 10),
    );
    await time('talent pool: first page (target p50 < 100)', () => '/api/people');
    await time('talent pool: name search "priya sharma"', () => '/api/people?search=priya%20sharma');
    await time('talent pool: family name search "reddy"', () => '/api/people?search=reddy');
    await time(
      'talent pool: e-mail search (an address)',
      (i) => `/api/people?search=${encodeURIComponent(emailOf(personIndexOf((i * 7919) % large)))}`,
    );
    await time(
      'talent pool: phone search (first 6 digits)',
      (i) => `/api/people?search=9${String(i % 100).padStart(5, '0')}`,
    );
    await time('talent pool: company search "company 12"', () => '/api/people?search=Company%2012');
    await time(
      'talent pool: filters (2-8 yrs, CTC <= 20, notice <= 30)',
      () => '/api/people?minExperience=2&maxExperience=8&maxExpectedCtc=20&maxNotice=30',
    );
    await time('talent pool: furthest stage interviewed', () => '/api/people?furthestStage=interviewed');
    await time('talent pool: deep page (page 500)', () => '/api/people?page=500');
    await time("a person's page (two applications; target < 30)", (i) => `/api/people/${twoApplications[i]}`);

    // 500 people (who have no application there) put forward for a job in one request, in turn per job.
    const times: number[] = [];
    for (let round = 0; round < BULK_ROUNDS; round++) {
      const jobIndex = 50 + round;
      const chosen: number[] = [];
      // Person p has applications in jobs p % 200 and, when repeated, (p + 7) % 200; a recorded careers
      // application (p a multiple of 100) added (p + 100) % 200: pick those in none of them.
      for (let p = 0; chosen.length < BULK_ADD; p += 10) {
        if (p % 200 !== jobIndex && (p + 7) % 200 !== jobIndex) chosen.push(p);
      }
      const personIds = await personIdsOf(chosen);
      const start = performance.now();
      const answer = (await call(`/api/jobs/${jobIds[jobIndex]}/applications`, {
        method: 'POST',
        body: { personIds },
      })) as { added: unknown[]; alreadyIn: unknown[] };
      times.push(performance.now() - start);
      if (answer.added.length !== BULK_ADD) throw new Error(`bulk add: ${answer.added.length} added`);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  add ${BULK_ADD} people to a job in one request (target < 2000)`.padEnd(54) +
        `p50 ${percentile(times, 0.5).toFixed(0)} ms   slowest ${times[times.length - 1]!.toFixed(0)} ms   (${BULK_ROUNDS} jobs, ${load()})`,
    );
    await backToSeed(db, marks);
  } finally {
    await bench.close();
  }
}
