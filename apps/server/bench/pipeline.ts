/**
 * The pipeline board at scale (BENCH_CASES=pipeline): one job with BENCH_PIPELINE_CANDIDATES (20,000)
 * candidates over the statuses. Times through HTTP: the board (GET …/pipeline, 50 cards per column), every
 * page of its largest column read by keyset (the deepest page too), sequential moves (status, place,
 * history, counts, outbox), then 200 concurrent moves into one column, after which the column is read
 * whole and checked: strictly increasing keys, no card twice, none lost. Figures are printed.
 */
import type { Knex } from 'knex';
import type { PipelineBoard, PipelineCard, PipelineColumnPage } from '@portal/contracts';
import { createBenchApp } from './bench-app.ts';
import { seedJobs, seedSkills } from './seed.ts';
import { rebuildCandidateCounts } from '../src/modules/candidates/counts.ts';
import { rebuildCandidatePositions } from '../src/modules/candidates/positions.ts';

const STATUSES = [
  'applied',
  'applied',
  'screening',
  'shortlisted',
  'interviewed',
  'selected',
  'joined',
  'rejected',
];
const SOURCES = ['Naukri', 'Direct', 'LinkedIn', 'Indeed', 'Referral', 'Agency', 'Other'];

/** `count` candidates of one job, spread over the statuses and sources, written around the service. */
async function seedJobCandidates(db: Knex, jobId: number, adminId: number, count: number) {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const phone = `7${String(i).padStart(9, '0')}`;
    const at = new Date(now - (count - i) * 60_000);
    return {
      uuid: `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
      job_id: jobId,
      name: `Board Candidate ${i}`,
      email: `board.${i}@pipeline.example`,
      phone,
      phone_key: phone,
      experience: (i % 200) / 10,
      current_company: `Company ${i % 300}`,
      expected_ctc: 5 + (i % 60),
      status: STATUSES[i % STATUSES.length],
      source: SOURCES[i % SOURCES.length],
      created_by_id: adminId,
      version: 1,
      created_at: at,
      updated_at: at,
    };
  });
  await db.batchInsert('candidates', rows, 400);
}

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
  return `median ${at(0.5)} ms   p95 ${at(0.95)} ms   (${times.length})`;
};

export async function benchPipeline({
  mysqlBase,
  candidates,
  rounds,
}: {
  mysqlBase: string | undefined;
  candidates: number;
  rounds: number;
}) {
  const bench = await createBenchApp(mysqlBase, 'pipeline');
  const { db } = bench;
  try {
    await seedSkills(db, 5);
    await seedJobs(db, 1, { skillPool: 5 });
    const jobId = Number((await db('jobs').first('id'))!.id);
    const adminId = Number((await db('users').orderBy('id').first('id'))!.id);
    const seedStart = performance.now();
    await seedJobCandidates(db, jobId, adminId, candidates);
    await rebuildCandidateCounts(db);
    await rebuildCandidatePositions(db);
    if (mysqlBase) await db.raw('ANALYZE TABLE candidates');
    console.log(
      `\npipeline board (${mysqlBase ? 'MySQL' : 'SQLite'}): one job, ${candidates.toLocaleString()} candidates, seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const { address, token } = await bench.listen();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${address}${path}`, { headers });
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    let refused = 0;
    const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const start = performance.now();
      const value = await work();
      return [value, performance.now() - start];
    };
    const move = async (card: PipelineCard, body: Record<string, unknown>) => {
      let res: Response;
      // A move that waited longer for a connection than the server allows is refused whole (503): sent again.
      for (let attempt = 0; ; attempt++) {
        res = await fetch(`${address}/api/candidates/${card.uuid}/move`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ version: card.version, ...body }),
        });
        if (res.status !== 503 || attempt === 5) break;
        refused++;
      }
      if (!res.ok) throw new Error(`move: HTTP ${res.status} ${await res.text()}`);
      return (await res.json()) as PipelineCard;
    };

    const boardTimes: number[] = [];
    let board: PipelineBoard | undefined;
    for (let i = 0; i < rounds; i++) {
      const [b, ms] = await timed(() => get<PipelineBoard>(`/api/jobs/${jobId}/pipeline`));
      board = b;
      boardTimes.push(ms);
    }
    console.log(`${'GET …/pipeline (7 columns × 50)'.padEnd(48)} ${summary(boardTimes)}`);
    const filteredTimes: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const [, ms] = await timed(() =>
        get(`/api/jobs/${jobId}/pipeline?source=LinkedIn&experienceMin=2&experienceMax=12`),
      );
      filteredTimes.push(ms);
    }
    console.log(`${'GET …/pipeline, source + experience filters'.padEnd(48)} ${summary(filteredTimes)}`);

    const largest = board!.columns.reduce((a, b) => (b.total > a.total ? b : a));
    const pageTimes: number[] = [];
    let next = largest.next;
    let read = largest.cards.length;
    while (next) {
      const [page, ms] = await timed(() =>
        get<PipelineColumnPage>(`/api/jobs/${jobId}/pipeline/${largest.status}?after=${next}`),
      );
      pageTimes.push(ms);
      read += page.cards.length;
      next = page.next;
    }
    console.log(
      `${`next pages of "${largest.status}" (${read.toLocaleString()} cards)`.padEnd(48)} ${summary(pageTimes)}   deepest ${pageTimes.at(-1)!.toFixed(2)} ms`,
    );

    // Sequential moves: cards of the largest column, each to the top of "interviewed".
    const column = (status: string) => board!.columns.find((c) => c.status === status)!;
    let top = column('interviewed').cards[0]!;
    const movers = [...largest.cards];
    const moveTimes: number[] = [];
    for (let i = 0; i < Math.min(rounds, movers.length); i++) {
      const [moved, ms] = await timed(() => move(movers[i]!, { status: 'interviewed', before: top.uuid }));
      moveTimes.push(ms);
      top = moved;
    }
    console.log(`${'POST …/move (status + place)'.padEnd(48)} ${summary(moveTimes)}`);
    const reorderTimes: number[] = [];
    let order = column('shortlisted').cards.slice(0, 3);
    for (let i = 0; i < rounds; i++) {
      const [first, second, third] = order as [PipelineCard, PipelineCard, PipelineCard];
      const [moved, ms] = await timed(() => move(third, { status: 'shortlisted', before: first.uuid }));
      reorderTimes.push(ms);
      order = [moved, first, second];
    }
    console.log(`${'POST …/move (place within its column)'.padEnd(48)} ${summary(reorderTimes)}`);

    // 200 concurrent moves into "selected": half at its end, half right before its first card.
    const fresh = await get<PipelineColumnPage>(
      `/api/jobs/${jobId}/pipeline/${largest.status}?limit=200&after=${largest.next}`,
    );
    const anchor = column('selected').cards[0]!;
    const before = column('selected').total;
    const [, wall] = await timed(() =>
      Promise.all(
        fresh.cards.map((c, i) => move(c, { status: 'selected', ...(i % 2 ? { before: anchor.uuid } : {}) })),
      ),
    );
    const all: PipelineCard[] = [];
    let after: string | null = null;
    do {
      const page: PipelineColumnPage = await get(
        `/api/jobs/${jobId}/pipeline/selected?limit=200${after ? `&after=${after}` : ''}`,
      );
      all.push(...page.cards);
      after = page.next;
    } while (after);
    const strict = all.every(
      (c, i) => i === 0 || Buffer.compare(Buffer.from(all[i - 1]!.position), Buffer.from(c.position)) < 0,
    );
    const unique = new Set(all.map((c) => c.uuid)).size === all.length;
    console.log(
      `${`${fresh.cards.length} concurrent moves into "selected"`.padEnd(48)} ${wall.toFixed(0)} ms in all; ` +
        `column ${before} → ${all.length} cards (expected ${before + fresh.cards.length}), strict order ${strict ? 'yes' : 'NO'}, duplicates ${unique ? 'none' : 'FOUND'}, ${refused} refused for want of a connection and sent again`,
    );
  } finally {
    await bench.close();
  }
}
