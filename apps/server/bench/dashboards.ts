/**
 * Dashboard benchmark: `GET /api/dashboard/recruitment` and `GET /api/dashboard/employee-stats`
 * at 1,000,000 candidates (target p50 under 100 ms on MySQL), each candidate with its history entry.
 * The figures come from counts kept with each change and indexed reads. Figures are printed; nothing
 * asserts a time.
 */
import { createBenchApp } from './bench-app.ts';
import { seedCandidates } from './candidates.ts';
import { rebuildCandidateCounts } from '../src/modules/candidates/counts.ts';
import { seedJobs, seedSkills } from './seed.ts';

export async function benchDashboards({
  mysqlBase,
  large,
  rounds,
}: {
  mysqlBase?: string;
  large: number;
  rounds: number;
}) {
  const dialect = mysqlBase ? 'MySQL' : 'SQLite';
  const { db, listen, close } = await createBenchApp(mysqlBase, 'dash');
  try {
    await seedSkills(db, 50);
    await seedJobs(db, 200, { skillPool: 40 });
    const jobIds = (await db('jobs').pluck('id')).map(Number);
    const [{ id: adminId }] = (await db('users').orderBy('id').limit(1).select('id')) as [{ id: number }];
    const seedStart = performance.now();
    await seedCandidates(db, 0, large, jobIds, adminId);
    // Rows written around the service: its counts, the firm-wide and the per-creator ones, are rebuilt.
    await rebuildCandidateCounts(db);
    await db.raw(
      `INSERT INTO candidate_history (candidate_id, from_status, to_status, changed_by_id, changed_at)
       SELECT id, NULL, status, created_by_id, created_at FROM candidates`,
    );
    console.log(
      `dashboards: seeded ${large.toLocaleString()} candidates and their history in ` +
        `${((performance.now() - seedStart) / 1000).toFixed(1)} s (${dialect})`,
    );

    const { address, token } = await listen();
    for (const path of ['/api/dashboard/recruitment', '/api/dashboard/employee-stats']) {
      const times: number[] = [];
      for (let i = 0; i < rounds * 2; i++) {
        const start = performance.now();
        const res = await fetch(`${address}${path}`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
        if (i >= rounds) times.push(performance.now() - start); // the first half warms up
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
      console.log(
        `  ${dialect} ${path.padEnd(32)} p50 ${at(0.5)} ms   p95 ${at(0.95)} ms   (${rounds} requests)`,
      );
    }
  } finally {
    await close();
  }
}
