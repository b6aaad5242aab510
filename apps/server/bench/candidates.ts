/**
 * Candidate benchmarks: list, filter, deep page and search at 1,000 and at 1,000,000 candidates,
 * bulk import of 5,000 rows (5 % duplicates) and of 50,000 rows (peak memory), and the export of 100,000
 * candidates to xlsx (time and peak memory). Figures are printed; nothing here asserts a time.
 *
 * BENCH_DB=mysql for MySQL (the target of the issue); BENCH_CANDIDATES sets the large count (1,000,000).
 * BENCH_KEEP=1 keeps the large database (`portal_cand_kept` on MySQL) after the run and reuses it on the
 * next: seeding a million rows takes minutes. Drop it by hand when done.
 */
import { fork } from 'node:child_process';
import { createWriteStream, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Knex } from 'knex';
import * as XLSX from 'xlsx';
import { CANDIDATES_EXPORT } from '@portal/contracts';
import { createBenchApp } from './bench-app.ts';
import { seedJobs, seedSkills } from './seed.ts';
import { rebuildCandidateCounts } from '../src/modules/candidates/counts.ts';
import { rebuildCandidateWords } from '../src/modules/candidates/search.ts';
import { createOutbox } from '../src/realtime/outbox.ts';
import { rowsPerInsert } from '../src/db/dialect.ts';
import type { BulkAppReport } from './bulk-app.ts';

// Names as varied as a real agency's: 100 first names and 100 family names (each about 1 % of people).
const FIRST_ROOTS = [
  'Aarav',
  'Priya',
  'Rohan',
  'Ananya',
  'Vikram',
  'Meera',
  'Arjun',
  'Kavya',
  'Ishaan',
  'Diya',
];
const LAST_ROOTS = ['Sharma', 'Iyer', 'Patel', 'Reddy', 'Nair', 'Gupta', 'Khan', 'Das', 'Mehta', 'Singh'];
const VARIANTS = ['', 'a', 'i', 'esh', 'an', 'ika', 'ini', 'raj', 'dev', 'ant'];
const FIRST = FIRST_ROOTS.flatMap((root) => VARIANTS.map((v) => root + v));
const LAST = LAST_ROOTS.flatMap((root) => VARIANTS.map((v) => root + v));
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

/**
 * Three in ten candidates are a person's second application: candidate `i` with `i % 10` of 7 to 9 is the
 * person of candidate `i - 7`, in another job (7 jobs on), so a million candidates are 700,000 people. With one
 * job (or `repeats` off) every candidate is a person of their own.
 */
export const personIndexOf = (i: number, repeats = true) => (repeats && i % 10 >= 7 ? i - 7 : i);

/** A seeded person's id: the index of the candidate that first named them, plus one. */
export const seededPersonId = (personIndex: number) => personIndex + 1;

/** A seeded person's e-mail address. */
export const emailOf = (i: number) => `${FIRST[(i * 7) % 100]!.toLowerCase()}.${i}@mail${i % 50}.example`;

const pad12 = (i: number) => String(i).padStart(12, '0');

/** Who seeded person `p` is: the fields a person and each of their applications share. */
function personFields(p: number) {
  const phone = `9${String(p).padStart(9, '0')}`;
  return {
    name: `${FIRST[(p * 7) % 100]} ${LAST[Math.floor(p / 100) % 100]}`,
    email: emailOf(p),
    phone,
    phone_key: phone,
    experience: (p % 200) / 10,
    current_company: `Company ${p % 300}`,
    current_ctc: 3 + (p % 40),
    expected_ctc: 5 + (p % 60),
    notice_period: (p % 4) * 30,
    current_location: 'Karnataka, Bengaluru Urban',
    preferred_location: 'Maharashtra, Pune',
  };
}

/**
 * Adds candidates numbered from `from` to `to` (exclusive) over the given jobs, as many rows a statement as
 * the app's own inserts carry (`rowsPerInsert`: SQLite's compound SELECT takes at most 500), with their people
 * (see personIndexOf). `withPeople: false` writes the candidates as stored before people existed (no
 * `person_id`, no people), for the people migration's bench.
 */
export async function seedCandidates(
  db: Knex,
  from: number,
  to: number,
  jobIds: number[],
  adminId: number,
  { withPeople = true }: { withPeople?: boolean } = {},
) {
  const now = Date.now();
  const batch = rowsPerInsert(db, 1000);
  const repeats = jobIds.length > 1;
  for (let start = from; start < to; start += batch) {
    const rows = [];
    const people = [];
    for (let i = start; i < Math.min(to, start + batch); i++) {
      const p = personIndexOf(i, repeats);
      const at = new Date(now - (to - i) * 1000);
      const fields = personFields(p);
      if (withPeople && p === i)
        people.push({
          id: seededPersonId(p),
          uuid: `10000000-0000-4000-8000-${pad12(p)}`,
          ...fields,
          version: 1,
          created_at: at,
          updated_at: at,
        });
      rows.push({
        uuid: `00000000-0000-4000-8000-${pad12(i)}`,
        job_id: jobIds[i % jobIds.length],
        ...(withPeople ? { person_id: seededPersonId(p) } : {}),
        ...fields,
        status: STATUSES[i % STATUSES.length],
        source: SOURCES[i % SOURCES.length],
        created_by_id: adminId,
        version: 1,
        created_at: at,
        updated_at: at,
      });
    }
    if (people.length > 0) await db('people').insert(people);
    await db('candidates').insert(rows);
  }
}

/** The value at quantile `q` of sorted times. */
export function percentile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** The resident memory of process `pid` (this one when undefined), in bytes. */
function rssOf(pid: number | undefined): number {
  if (pid === undefined) return process.memoryUsage().rss;
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb ?? 0) * 1024;
}

/** Processor seconds process `pid` has used so far (user and system), or null where /proc is missing. */
function cpuSecondsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // After the command's closing parenthesis: state, then 10 fields, then utime and stime (in ticks).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Peak RSS of this process (or of process `pid`) while `work` runs, sampled every 20 ms. */
async function peakMemory<T>(
  work: () => Promise<T>,
  pid?: number,
): Promise<{ result: T; peakMb: number; seconds: number }> {
  let peak = rssOf(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const start = performance.now();
  try {
    const result = await work();
    return {
      result,
      peakMb: Math.max(peak, rssOf(pid)) / 1_048_576,
      seconds: (performance.now() - start) / 1000,
    };
  } finally {
    clearInterval(timer);
  }
}

/**
 * An app whose database holds `count` seeded candidates over 200 jobs, with their counts and name words.
 * A kept database (BENCH_KEEP=1) that already holds some is topped up from where it stopped.
 */
export async function seededApp(mysqlBase: string | undefined, label: string, count: number, keep: boolean) {
  const bench = await createBenchApp(mysqlBase, label, { keep });
  const { db } = bench;
  if (Number((await db('jobs').count({ n: '*' }))[0]!.n) === 0) {
    await seedSkills(db, 50);
    await seedJobs(db, 200, { skillPool: 40 });
  }
  const jobIds = (await db('jobs').orderBy('id').pluck('id')).map(Number);
  const [{ id: adminId }] = (await db('users').orderBy('id').limit(1).select('id')) as [{ id: number }];
  const stored = Number((await db('candidates').count({ n: '*' }))[0]!.n);
  if (stored < count) {
    const start = performance.now();
    const lastId = Number((await db('candidates').max({ id: 'id' }))[0]!.id ?? 0);
    await seedCandidates(db, stored, count, jobIds, adminId);
    await rebuildCandidateCounts(db);
    await rebuildCandidateWords(db, lastId);
    if (mysqlBase) await db.raw('ANALYZE TABLE candidates, candidate_words');
    console.log(
      `  seeded ${(count - stored).toLocaleString()} candidates (${count.toLocaleString()} in all) in ${((performance.now() - start) / 1000).toFixed(1)} s`,
    );
  }
  return { ...bench, jobIds };
}

/**
 * The Node.js flags `npm start` gives the app (apps/server/package.json, e.g. its heap size), so that the
 * bench's app process runs as a user's does.
 */
function startFlags(): string[] {
  const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  return manifest.scripts.start.split(/\s+/).filter((word) => /^--[\w-]+=/.test(word));
}

/** Rows for a bulk import, numbered from `offset`; every `dupEvery`-th a duplicate (half stored, half in the file). */
function bulkRows(count: number, offset: number, dupEvery: number, jobIds: number[]) {
  return Array.from({ length: count }, (_, k) => {
    const i = offset + k;
    const dup = dupEvery > 0 && k % dupEvery === 0;
    return {
      name: `Bulk ${i}`,
      // Half the duplicates are stored candidates, half repeat the row before them in the file.
      email: dup ? (k % (dupEvery * 2) === 0 ? emailOf(k) : `bulk${i - 1}@x.example`) : `bulk${i}@x.example`,
      phone:
        dup && k % (dupEvery * 2) === 0 ? `9${String(k).padStart(9, '0')}` : `8${String(i).padStart(9, '0')}`,
      experience: 3,
      current_company: 'Wipro',
      current_ctc: 8,
      expected_ctc: 12,
      notice_period: 30,
      status: 'applied',
      source: 'Direct',
      job_id: jobIds[k % jobIds.length],
    };
  });
}

/**
 * Bulk import through the API (POST /api/candidates/bulk-upload, as the Bulk Upload screen sends it):
 * `rounds` imports of 5,000 rows with 5 % duplicates, each timed from request to answer (median and
 * slowest printed), then one of 50,000 rows with the process's peak memory. The caller removes the rows.
 */
export async function benchBulkImport({
  address,
  token,
  jobIds,
  rounds,
  appPid,
}: {
  address: string;
  token: string;
  jobIds: number[];
  rounds: number;
  /** The app's process when it runs apart from this one: its memory is then measured alone. */
  appPid?: number;
}) {
  const post = (rows: unknown[]) =>
    fetch(`${address}/api/candidates/bulk-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ candidates: rows }),
    }).then(async (r) => {
      const body = (await r.json()) as {
        results: { success: unknown[]; duplicates: unknown[]; errors: unknown[] };
      };
      if (!r.ok) throw new Error(`bulk: HTTP ${r.status} ${JSON.stringify(body)}`);
      return body.results;
    });
  console.log(`\nbulk import 5,000 rows (5 % duplicates), ${rounds} imports:`);
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const rows = bulkRows(5000, 10_000_000 + round * 5000, 20, jobIds);
    const cpuBefore = cpuSecondsOf(appPid);
    const s = performance.now();
    const five = await post(rows);
    const seconds = (performance.now() - s) / 1000;
    const cpu = cpuBefore === null ? null : cpuSecondsOf(appPid)! - cpuBefore;
    times.push(seconds);
    // The app's processor time is told apart: on a busy machine it varies less than the time taken.
    console.log(
      `  import ${round + 1}: ${seconds.toFixed(2)} s, ${Math.round(5000 / seconds).toLocaleString()} rows/s ` +
        `(added ${five.success.length}, duplicates ${five.duplicates.length}, errors ${five.errors.length})` +
        (cpu === null ? '' : `, app processor time ${cpu.toFixed(2)} s`),
    );
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 0.5);
  const slowest = times[times.length - 1]!;
  console.log(
    `  median ${median.toFixed(2)} s = ${Math.round(5000 / median).toLocaleString()} rows/s; ` +
      `slowest ${slowest.toFixed(2)} s = ${Math.round(5000 / slowest).toLocaleString()} rows/s`,
  );
  // BENCH_BULK_LARGE=0 leaves the large import out (a quick look at the 5,000-row imports).
  if (process.env.BENCH_BULK_LARGE === '0') return;
  const fiftyRows = bulkRows(50_000, 20_000_000, 0, jobIds);
  const before = rssOf(appPid) / 1_048_576;
  const fifty = await peakMemory(() => post(fiftyRows), appPid);
  console.log(
    `bulk import 50,000 rows: ${fifty.seconds.toFixed(2)} s, ${Math.round(50_000 / fifty.seconds).toLocaleString()} rows/s, ` +
      `peak RSS of ${appPid ? 'the app' : 'the process (app and client)'} ${fifty.peakMb.toFixed(0)} MB ` +
      `(${before.toFixed(0)} MB before; added ${fifty.result.success.length})`,
  );
}

/** Where a seeded database's candidates and people end: what a bench adds after is numbered above. */
export async function seedMarks(db: Knex) {
  const maxId = async (table: string) => Number((await db(table).max({ id: 'id' }))[0]!.id ?? 0);
  return { candidates: await maxId('candidates'), people: await maxId('people') };
}

/**
 * Takes a kept database back to its seed: the candidates and people numbered above its marks (their
 * history, changes and name words go with them), their counts, and the live messages the bench's writes
 * left in the outbox.
 */
export async function backToSeed(db: Knex, marks: Awaited<ReturnType<typeof seedMarks>>) {
  await db('candidates').where('id', '>', marks.candidates).delete();
  await db('people').where('id', '>', marks.people).delete();
  await rebuildCandidateCounts(db);
  await createOutbox(db).prune(new Date(Date.now() + 1000));
}

/**
 * The bulk import alone (BENCH_CASES=bulk), on the large database (kept with BENCH_KEEP=1), the app in a
 * child process (bulk-app.ts): the 50,000-row import's peak is then the app's own resident memory, sampled
 * from /proc every 20 ms, apart from this client's.
 */
export async function benchBulk({
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
  console.log(
    `\nbulk import (${mysqlBase ? 'MySQL' : 'SQLite'}), ${large.toLocaleString()} candidates stored`,
  );
  // The seed is written by a process of its own (see bulk-app.ts), then the app opens it.
  const env = {
    ...process.env,
    BULK_APP_MYSQL: mysqlBase ?? '',
    BULK_APP_CANDIDATES: String(large),
    BULK_APP_KEEP: keep ? '1' : '0',
    // BENCH_BULK_LABEL names a kept database of its own (`portal_<label>_kept`), e.g. one per stored size, or
    // one apart from another worktree's `portal_cand_kept` on the same server.
    BULK_APP_LABEL: keep ? (process.env.BENCH_BULK_LABEL ?? 'cand') : `cand${Date.now()}`,
  };
  const start = (extra: Record<string, string>) => {
    const child = fork(join(import.meta.dirname, 'bulk-app.ts'), [], {
      execArgv: [
        ...startFlags(),
        '--import',
        'tsx',
        ...(process.env.BENCH_BULK_APP_ARGS?.split(' ').filter(Boolean) ?? []),
      ],
      env: { ...env, ...extra },
    });
    const next = (type: BulkAppReport['type']) =>
      new Promise<BulkAppReport>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`bulk app exited (${code})`)));
        child.on('message', (m: BulkAppReport) => m.type === type && resolve(m));
      });
    return { child, next };
  };
  await start({ BULK_APP_SEED_ONLY: '1' }).next('seeded');
  const { child, next } = start({});
  const ready = (await next('ready')) as Extract<BulkAppReport, { type: 'ready' }>;
  try {
    await benchBulkImport({ ...ready, rounds, appPid: child.pid });
  } finally {
    child.send({ cmd: 'close' });
    await next('closed').catch(() => undefined);
  }
}

export async function benchCandidates({
  mysqlBase,
  large,
  rounds,
  bulkRounds,
  keep,
}: {
  mysqlBase?: string;
  large: number;
  rounds: number;
  /** How many 5,000-row imports are timed. */
  bulkRounds: number;
  /** Keep the large database between runs (BENCH_KEEP=1): seeded once, reused after. */
  keep: boolean;
}) {
  const dialect = mysqlBase ? 'MySQL' : 'SQLite';
  const cases: [string, (i: number) => string][] = [
    ['first page', () => '/api/candidates'],
    [
      'filtered page (shortlisted, LinkedIn, 2-8 yrs)',
      () => '/api/candidates?statuses=shortlisted&sources=LinkedIn&experienceMin=2&experienceMax=8',
    ],
    ['deep page (page 150)', () => '/api/candidates?page=150'],
    ['sorted by name, page 150', () => '/api/candidates?sort=name&page=150'],
    ['sorted by expected CTC (first page)', () => '/api/candidates?sort=expected_ctc'],
    ['name search ("priya sharma")', () => '/api/candidates?search=priya%20sharma'],
    ['family name search ("reddy")', () => '/api/candidates?search=reddy'],
    [
      'e-mail search (an address)',
      (i) => `/api/candidates?search=${encodeURIComponent(emailOf(personIndexOf((i * 7919) % 1000)))}`,
    ],
    [
      'phone search (first 6 digits)',
      (i) =>
        `/api/candidates?search=9${String((i * 7919) % 1000)
          .padStart(9, '0')
          .slice(0, 5)}`,
    ],
  ];
  /** Signs in to the app and gives a GET that answers the body, and a timer of `rounds` GETs. */
  const client = async (bench: { listen: () => Promise<{ address: string; token: string }> }) => {
    const { address, token } = await bench.listen();
    const get = async (path: string) => {
      const res = await fetch(`${address}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${Buffer.from(body).toString()}`);
      return body;
    };
    const time = async (path: (i: number) => string) => {
      const times: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const start = performance.now();
        await get(path(i));
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b);
    };
    const measure = async (label: string) => {
      const out = new Map<string, number>();
      for (const [name, path] of cases) {
        await time(path); // warm
        const t = await time(path);
        out.set(name, percentile(t, 0.5));
        console.log(
          `  ${label.padEnd(10)} ${name.padEnd(48)} p50 ${percentile(t, 0.5).toFixed(2)} ms   p95 ${percentile(t, 0.95).toFixed(2)} ms`,
        );
      }
      return out;
    };
    return { address, token, get, time, measure };
  };

  console.log(`\ncandidates (${dialect}): list latency, ${rounds} requests per case`);
  const smallApp = await seededApp(mysqlBase, 'cand_small', 1000, false);
  let small: Map<string, number>;
  try {
    small = await (await client(smallApp)).measure('1,000');
  } finally {
    await smallApp.close();
  }

  const { db, close, ...bench } = await seededApp(mysqlBase, 'cand', large, keep);
  const jobIds = bench.jobIds;
  // What the bulk imports below add is removed at the end, so that a kept database stays as seeded.
  const seeded = await seedMarks(db);
  try {
    const { address, token, time, measure } = await client(bench);
    const big = await measure(large.toLocaleString());
    const deep = `/api/candidates?page=${Math.floor(large / 10)}`;
    await time(() => deep);
    const deepTimes = await time(() => deep);
    console.log(
      `  ${large.toLocaleString().padEnd(10)} ${`very deep page (page ${Math.floor(large / 10)})`.padEnd(48)} p50 ${percentile(deepTimes, 0.5).toFixed(2)} ms`,
    );
    for (const [name] of cases) {
      console.log(
        `  ratio ${large.toLocaleString()} / 1,000: ${name.padEnd(48)} ${(big.get(name)! / small.get(name)!).toFixed(2)}×`,
      );
    }

    // Export: 100,000 candidates as the Export Excel button gets them, the workbook streamed by the server
    // (GET /api/candidates/export) and saved to a file as it arrives; before the bulk imports, whose
    // memory the process would still hold.
    const exported = await peakMemory(async () => {
      // Experience under 2 years: a tenth of the seeded candidates (100,000 of 1,000,000).
      const res = await fetch(`${address}/api/candidates/export?experienceMax=1.9`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok || !res.body) throw new Error(`export: HTTP ${res.status}`);
      const file = join(tmpdir(), CANDIDATES_EXPORT.fileName);
      await pipeline(Readable.fromWeb(res.body as never), createWriteStream(file));
      return { file, bytes: statSync(file).size };
    });
    console.log(
      `export 100,000 candidates to xlsx (streamed by the server, saved by the client): ${exported.seconds.toFixed(2)} s, ` +
        `file ${(exported.result.bytes / 1_048_576).toFixed(1)} MB, peak RSS of the process (app and client) ${exported.peakMb.toFixed(0)} MB`,
    );
    await benchBulkImport({ address, token, jobIds, rounds: bulkRounds });
    // The export read back (last: the idle connection the bulk imports would reuse may close meanwhile).
    const book = XLSX.read(readFileSync(exported.result.file));
    const rowCount =
      XLSX.utils.sheet_to_json(book.Sheets[CANDIDATES_EXPORT.sheetName]!, { header: 1 }).length - 1;
    console.log(`  the file holds ${rowCount.toLocaleString()} candidates and its header`);
  } finally {
    if (keep) await backToSeed(db, seeded);
    await close();
  }
}
