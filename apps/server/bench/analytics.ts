/**
 * Pipeline analytics benchmark: candidates spread over a year with their history (about five entries
 * each: forward moves, skips, moves back, rejections), written straight into the database, then
 * - the rebuild from the history (`npm run analytics:rebuild`), timed;
 * - `GET /api/analytics/pipeline` for all jobs over a year and for one job, p50 and p95 over HTTP;
 * - a move's extra cost: the recount a status change runs in its transaction, timed alone (p50), beside
 *   the whole status change through the service.
 * BENCH_ANALYTICS_CANDIDATES sets how many (100,000; the issue's target is 1,000,000 on MySQL).
 * BENCH_ANALYTICS_KEEP=1 keeps the seeded database (`portal_analytics_<candidates>_kept`) for the next run,
 * which then skips the seeding; BENCH_ANALYTICS_REBUILD=0 skips the rebuild too (the reads alone).
 * Figures are printed; nothing here asserts a time.
 */
import { ANALYTICS_STAGES, REJECTION_REASONS, REJECTION_STAGES } from '@portal/contracts';
import { createBenchApp } from './bench-app.ts';
import { seedJobs, seedSkills } from './seed.ts';
import { rebuildCandidateCounts } from '../src/modules/candidates/counts.ts';
import { rebuildAnalytics, recountCandidates } from '../src/modules/analytics/aggregates.ts';

const DAY = 86_400_000;
const SOURCES = ['Naukri', 'Direct', 'LinkedIn', 'Indeed', 'Referral', 'Agency', 'Other'];

const at = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

export async function benchAnalytics({
  mysqlBase,
  candidates,
  rounds,
}: {
  mysqlBase?: string;
  candidates: number;
  rounds: number;
}) {
  const dialect = mysqlBase ? 'MySQL' : 'SQLite';
  const keep = process.env.BENCH_ANALYTICS_KEEP === '1';
  const { db, app, listen, close } = await createBenchApp(mysqlBase, `analytics_${candidates}`, { keep });
  try {
    const seeded = keep && Boolean(await db('candidates').first('id'));
    if (!seeded) {
      await seedSkills(db, 50);
      await seedJobs(db, 200, { skillPool: 40 });
    }
    const jobIds = (await db('jobs').orderBy('id').pluck('id')).map(Number);
    const [{ id: adminId }] = (await db('users').orderBy('id').limit(1).select('id')) as [{ id: number }];

    // mulberry32: the same data every run.
    let seed = 11;
    const rand = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4_294_967_296) * n);
    };
    const seedStart = performance.now();
    const end = Date.now() - DAY;
    let historyRows = 0;
    const batch = mysqlBase ? 2000 : 400;
    for (let start = 0; !seeded && start < candidates; start += batch) {
      const rows: Record<string, unknown>[] = [];
      const paths: Record<string, unknown>[][] = [];
      for (let i = start; i < Math.min(candidates, start + batch); i++) {
        const created = end - ((candidates - i) / candidates) * 365 * DAY;
        const careers = i % 5 === 0;
        // A path: forward by one or two stages, now and then back one, sometimes rejected.
        const path: Record<string, unknown>[] = [];
        let status = 'applied';
        let time = created;
        path.push({ from_status: null, to_status: status, changed_at: new Date(time) });
        const steps = 4 + rand(9);
        for (let s = 0; s < steps && status !== 'rejected' && status !== 'joined'; s++) {
          time += (1 + rand(6 * 24)) * 3_600_000 * (rand(4) === 0 ? 3 : 1);
          if (time > end) break;
          const index = ANALYTICS_STAGES.indexOf(status as never);
          let to: string;
          const dice = rand(10);
          if (dice === 0) to = 'rejected';
          else if (dice <= 2 && index > 0) to = ANALYTICS_STAGES[index - 1]!;
          else to = ANALYTICS_STAGES[Math.min(5, index + 1 + (rand(5) === 0 ? 1 : 0))]!;
          path.push({
            from_status: status,
            to_status: to,
            changed_at: new Date(time),
            ...(to === 'rejected'
              ? {
                  reason: REJECTION_REASONS[rand(REJECTION_REASONS.length)],
                  stage: REJECTION_STAGES[rand(REJECTION_STAGES.length)],
                  comments: 'bench',
                }
              : {}),
          });
          status = to;
        }
        const phone = `7${String(i).padStart(9, '0')}`;
        rows.push({
          uuid: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
          job_id: jobIds[rand(jobIds.length)],
          name: `Analytics ${i}`,
          email: `analytics.${i}@bench.example`,
          phone,
          phone_key: phone,
          experience: (i % 200) / 10,
          status,
          source: careers ? 'Careers page' : SOURCES[rand(SOURCES.length)],
          created_by_id: careers ? null : adminId,
          version: path.length,
          created_at: new Date(created),
          updated_at: new Date(time),
        });
        paths.push(path);
      }
      await db.transaction(async (trx) => {
        await trx('candidates').insert(rows);
        const ids = (
          await trx('candidates')
            .whereIn(
              'uuid',
              rows.map((r) => String(r.uuid)),
            )
            .select('id', 'uuid')
        ).map((r: { id: number; uuid: string }) => [r.uuid, Number(r.id)] as const);
        const idOf = new Map(ids);
        const history = rows.flatMap((r, k) =>
          paths[k]!.map((h) => ({
            ...h,
            candidate_id: idOf.get(String(r.uuid)),
            changed_by_id: h.from_status === null ? r.created_by_id : adminId,
          })),
        );
        historyRows += history.length;
        for (let h = 0; h < history.length; h += batch) {
          await trx('candidate_history').insert(history.slice(h, h + batch));
        }
      });
    }
    if (!seeded) await rebuildCandidateCounts(db);
    if (mysqlBase && !seeded) await db.raw('ANALYZE TABLE candidates, candidate_history');
    console.log(
      seeded
        ? `analytics: the kept ${candidates.toLocaleString()} candidates (${dialect})`
        : `analytics: seeded ${candidates.toLocaleString()} candidates and ${historyRows.toLocaleString()} history rows over a year in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${dialect})`,
    );

    const rebuildStart = performance.now();
    const rebuild = process.env.BENCH_ANALYTICS_REBUILD !== '0';
    if (rebuild) await rebuildAnalytics(db);
    const rows = Number((await db('analytics_daily').count({ n: '*' }))[0]!.n);
    console.log(
      `  ${dialect} analytics:rebuild ${rebuild ? `${((performance.now() - rebuildStart) / 1000).toFixed(1)} s` : 'skipped'} (${rows.toLocaleString()} daily rows)`,
    );
    if (mysqlBase) await db.raw('ANALYZE TABLE analytics_daily, analytics_candidates');

    const { address, token } = await listen();
    const yearAgo = new Date(end - 365 * DAY).toISOString().slice(0, 10);
    const today = new Date(end + DAY).toISOString().slice(0, 10);
    const cases: [string, (i: number) => string][] = [
      ['all jobs, a year', () => `/api/analytics/pipeline?from=${yearAgo}&to=${today}`],
      ['all jobs, no dates', () => `/api/analytics/pipeline`],
      [
        'one job, a year',
        (i) => `/api/analytics/pipeline?jobId=${jobIds[i % jobIds.length]}&from=${yearAgo}&to=${today}`,
      ],
      [
        'one source, a year',
        (i) => `/api/analytics/pipeline?source=${SOURCES[i % SOURCES.length]}&from=${yearAgo}&to=${today}`,
      ],
      ['activity, a year', () => `/api/analytics/activity?from=${yearAgo}&to=${today}`],
    ];
    for (const [name, path] of cases) {
      const times: number[] = [];
      for (let i = 0; i < rounds * 2; i++) {
        const start = performance.now();
        const res = await fetch(`${address}${path(i)}`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
        if (i >= rounds) times.push(performance.now() - start); // the first half warms up
      }
      times.sort((a, b) => a - b);
      console.log(
        `  ${dialect} GET pipeline: ${name.padEnd(22)} p50 ${at(times, 0.5).toFixed(2)} ms   p95 ${at(times, 0.95).toFixed(2)} ms`,
      );
    }

    // A move's extra cost: the recount alone, in the transaction of a history entry like a move's.
    const movable = (await db('candidates')
      .whereNot('status', 'rejected')
      .orderBy('id', 'desc')
      .limit(rounds * 2)
      .select('id', 'uuid', 'status')) as { id: number; uuid: string; status: string }[];
    const recount: number[] = [];
    const whole: number[] = [];
    const admin = { id: adminId, role: 'admin' as const };
    for (const [k, c] of movable.entries()) {
      const to = c.status === 'screening' ? 'shortlisted' : 'screening';
      if (k % 2 === 0) {
        await db.transaction(async (trx) => {
          await trx('candidates').where({ id: c.id }).update({ status: to });
          await trx('candidate_history').insert({
            candidate_id: c.id,
            from_status: c.status,
            to_status: to,
            changed_by_id: adminId,
            changed_at: new Date(),
          });
          const start = performance.now();
          await recountCandidates(trx, [c.id]);
          recount.push(performance.now() - start);
        });
      } else {
        const start = performance.now();
        await app.services.candidates.changeStatus(c.uuid, to, admin);
        whole.push(performance.now() - start);
      }
    }
    recount.sort((a, b) => a - b);
    whole.sort((a, b) => a - b);
    console.log(
      `  ${dialect} a move's extra cost (the recount)  p50 ${at(recount, 0.5).toFixed(2)} ms   p95 ${at(recount, 0.95).toFixed(2)} ms; the whole status change p50 ${at(whole, 0.5).toFixed(2)} ms`,
    );
  } finally {
    await close();
  }
}
