/**
 * The order of a job's candidates within a status (a column of the pipeline board): each candidate's
 * `position` is a fractional-index key (package fractional-indexing), cards sort by (position, id), and
 * keys are compared byte by byte (on MySQL the column is ascii_bin). Every way a candidate enters a column
 * other than a move (an application, the staff's form, a bulk import, the status menu, a rejection) puts
 * it at the column's end; a move (pipeline.ts) puts it between the neighbours it was dropped between.
 *
 * Writers of one job's positions take the job's row lock first (`lockJobs`), so that two of them never
 * read the same last key or the same pair of neighbours and compute the same key: a column never holds
 * two equal keys. The reads that follow the lock are locking reads, which see the latest committed rows
 * (a plain read in MySQL's repeatable read would see the transaction's first snapshot).
 */
import type { Knex } from 'knex';
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import { chunks, lockedForShare, selectRows } from '../../db/dialect.ts';
import { int, type DbInt } from '../../lib/rows.ts';
import { whereRef } from './columns.ts';
import { toPlace, type CandidateRow, type ColumnEndRow, type PlaceRow } from './model.ts';

type Db = Knex | Knex.Transaction;

/**
 * Keys longer than this are not written: the column is given fresh keys instead (`rekeyColumn`). A key
 * grows by about a character every six moves to the very same place between two cards; moves to a
 * column's top or end keep keys short.
 */
export const MAX_KEY_LENGTH = 200;

/** Cards whose keys one UPDATE sets when a column is given fresh keys. */
const UPDATE_BATCH = 500;

/** Whether `key` is a key the package accepts (rows written around the service have ''). */
export function isValidKey(key: string | null | undefined): key is string {
  if (!key) return false;
  try {
    generateKeyBetween(key, null);
    return true;
  } catch {
    return false;
  }
}

/**
 * The jobs each transaction has locked. A row lock is held until the transaction ends, so a job is
 * locked once per transaction: a status change whose job the candidate's read locked sends no second
 * statement for it.
 */
const jobsLockedBy = new WeakMap<Knex.Transaction, Set<number>>();
/** The jobs `trx` holds locked; none outside a transaction, where a lock ends with its statement. */
function jobsHeldBy(trx: Db): Set<number> | undefined {
  if (!trx.isTransaction) return undefined;
  let held = jobsLockedBy.get(trx as Knex.Transaction);
  if (!held) jobsLockedBy.set(trx as Knex.Transaction, (held = new Set()));
  return held;
}

/** Locks the jobs' rows for the rest of the transaction, in id order (SQLite has one writer at a time). */
export async function lockJobs(trx: Db, jobIds: number[]): Promise<void> {
  const held = jobsHeldBy(trx);
  const ids = [...new Set(jobIds)].filter((id) => !held?.has(id)).sort((a, b) => a - b);
  if (ids.length === 0) return;
  await trx('jobs').whereIn('id', ids).orderBy('id').forUpdate().pluck('id');
  for (const id of ids) held?.add(id);
}

/**
 * Locks the job of the candidate `ref` names, before the candidate's own row is locked: every write to a
 * job's candidates takes the two in this order, so two writers never hold one each and wait for the other.
 * (No candidate, nothing locked: the caller's read of the candidate answers 404.)
 */
export async function lockJobOfCandidate(trx: Db, ref: string): Promise<void> {
  // One statement: a locking read locks the rows of the table it reads from (the job), not those its
  // subquery reads (the candidate, locked after).
  const job: { id: DbInt } | undefined = await trx('jobs')
    .where('id', whereRef(trx('candidates as c'), ref).select('c.job_id'))
    .forUpdate()
    .first('id');
  if (job) jobsHeldBy(trx)?.add(int(job.id));
}

/** A card's place: its id and key. */
export interface Place {
  id: number;
  position: string;
}

const column = (trx: Db, jobId: number, status: string) =>
  trx('candidates').where({ job_id: jobId, status }).forUpdate();

/** The column's last card (null when empty), leaving out `exceptId`. */
export async function lastOf(
  trx: Db,
  jobId: number,
  status: string,
  exceptId?: number,
): Promise<Place | null> {
  const q = column(trx, jobId, status).orderBy([
    { column: 'position', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
  if (exceptId !== undefined) q.whereNot('id', exceptId);
  // A locking read: on MySQL a plain read sees the transaction's first snapshot, taken before the job's lock
  // was granted, and would miss the key a writer just committed (two cards, one key).
  const row: PlaceRow | undefined = await q.forShare().first('id', 'position');
  return row ? toPlace(row) : null;
}

/** The card right after (`direction` 'next') or right before ('previous') `card` in its column, leaving out `exceptId`. */
export async function besideOf(
  trx: Db,
  jobId: number,
  status: string,
  card: Place,
  direction: 'next' | 'previous',
  exceptId: number,
): Promise<Place | null> {
  const [cmp, order] = direction === 'next' ? (['>', 'asc'] as const) : (['<', 'desc'] as const);
  const row: PlaceRow | undefined = await column(trx, jobId, status)
    .whereNot('id', exceptId)
    .where((w) =>
      w
        .where('position', cmp, card.position)
        .orWhere((same) => same.where('position', card.position).where('id', cmp, card.id)),
    )
    .orderBy([
      { column: 'position', order },
      { column: 'id', order },
    ])
    .forShare() // the latest committed keys, as in lastOf
    .first('id', 'position');
  return row ? toPlace(row) : null;
}

/**
 * Gives every card of the column (but `exceptId`) a fresh key, in its present order: for a column whose
 * keys are missing (rows written around the service), equal, or grown too long. Rare, and a few
 * statements per thousand cards.
 */
export async function rekeyColumn(trx: Db, jobId: number, status: string, exceptId?: number): Promise<void> {
  const q = column(trx, jobId, status).orderBy([{ column: 'position' }, { column: 'id' }]);
  if (exceptId !== undefined) q.whereNot('id', exceptId);
  const ids = ((await q.pluck('id')) as DbInt[]).map(int);
  await writeKeys(trx, ids, generateNKeysBetween(null, null, ids.length));
}

async function writeKeys(trx: Db, ids: number[], keys: string[]) {
  let at = 0;
  for (const batch of chunks(ids, UPDATE_BATCH)) {
    const from = at;
    at += batch.length;
    await trx('candidates')
      .whereIn('id', batch)
      .update({
        position: trx.raw(
          `CASE id ${batch.map(() => 'WHEN ? THEN ?').join(' ')} END`,
          batch.flatMap((id, i) => [id, keys[from + i]!]),
        ),
      });
  }
}

/** `n` keys after the column's last card (`exceptId` left out), giving the column fresh keys first if need be. */
async function endKeys(trx: Db, jobId: number, status: string, n: number, exceptId?: number) {
  return keysAfter(trx, jobId, status, n, await lastOf(trx, jobId, status, exceptId), exceptId);
}

/**
 * `n` keys after `last`, the column's last card (`exceptId` left out): when the package does not accept its
 * key, the column is given fresh keys first.
 */
async function keysAfter(
  trx: Db,
  jobId: number,
  status: string,
  n: number,
  last: Place | null,
  exceptId?: number,
) {
  if (last && !isValidKey(last.position)) {
    await rekeyColumn(trx, jobId, status, exceptId);
    last = await lastOf(trx, jobId, status, exceptId);
  }
  return generateNKeysBetween(last?.position ?? null, null, n);
}

/** Columns whose last cards one statement reads (SQLite takes at most 500 terms in a compound SELECT). */
const LAST_OF_BATCH = 250;

/**
 * The last card of each of these columns, read as `lastOf` reads one (a locking read, by position then id),
 * a batch of columns a statement: an import into 200 jobs asks once, not 200 times. Keyed job id, NUL, status.
 */
async function lastOfColumns(trx: Db, columns: { job_id: number; status: string }[]) {
  const found = new Map<string, Place>();
  const one =
    'SELECT job_id, status, id, position FROM candidates WHERE job_id = ? AND status = ? ' +
    'ORDER BY position DESC, id DESC LIMIT 1';
  const term = lockedForShare(trx, one);
  for (const batch of chunks(columns, LAST_OF_BATCH)) {
    const rows = await selectRows<ColumnEndRow>(
      trx,
      batch.map(() => term).join(' UNION ALL '),
      batch.flatMap((c) => [c.job_id, c.status]),
    );
    for (const row of rows) {
      found.set(`${int(row.job_id)}\u0000${row.status}`, toPlace(row));
    }
  }
  return found;
}

/**
 * The columns new candidates enter, at their ends: the last keys of all the (job, status) columns read
 * together (`lastOfColumns`), then consecutive keys in each. Returns each row's `position` and `stage_entered_at`.
 */
export async function placeAtColumnEnds<R extends { job_id: number; status: string }>(
  trx: Db,
  rows: R[],
  now: Date,
): Promise<Map<R, { position: string; stage_entered_at: Date }>> {
  const byColumn = new Map<string, R[]>();
  for (const row of rows) {
    const key = `${row.job_id}\u0000${row.status}`;
    const list = byColumn.get(key);
    if (list) list.push(row);
    else byColumn.set(key, [row]);
  }
  await lockJobs(
    trx,
    rows.map((r) => r.job_id),
  );
  const placed = new Map<R, { position: string; stage_entered_at: Date }>();
  const lasts = await lastOfColumns(
    trx,
    [...byColumn.values()].map((list) => list[0]!),
  );
  for (const [key, list] of byColumn) {
    const { job_id, status } = list[0]!;
    const keys = await keysAfter(trx, job_id, status, list.length, lasts.get(key) ?? null);
    list.forEach((row, i) => placed.set(row, { position: keys[i]!, stage_entered_at: now }));
  }
  return placed;
}

/**
 * The moment a candidate entered a column, as it is kept: to the second. MySQL's DATETIME keeps no
 * fraction (it rounds or truncates one, depending on the server), so a card made from the value written
 * shows what a reload reads on either database.
 */
const enteredAt = (now: Date) => new Date(Math.floor(now.getTime() / 1000) * 1000);

/** What entering a column sets: when, by whom, and the place at its end (unless the caller gave one). */
export interface EnteredColumns {
  stage_entered_at: Date;
  moved_by_id: number | null;
  position?: string;
}

/**
 * The columns a candidate changes as it enters status `to` (from `moveTo`): entered `now`, moved by the
 * actor, and at the column's end unless the caller gives the place (`given.position`, a board move).
 */
export async function enterColumn(
  trx: Db,
  row: Pick<CandidateRow, 'id' | 'job_id'>,
  to: string,
  actorId: number | null,
  now: Date,
  given?: { position?: string; job_id?: DbInt },
): Promise<EnteredColumns> {
  const entered: EnteredColumns = { stage_entered_at: enteredAt(now), moved_by_id: actorId };
  if (given?.position !== undefined) return entered;
  const jobId = int(given?.job_id ?? row.job_id);
  await lockJobs(trx, [jobId]);
  const [position] = await endKeys(trx, jobId, to, 1, int(row.id));
  return { ...entered, position };
}

/** A candidate moved to another job keeps its status: it goes to the end of that job's column. */
export async function placeInJob(trx: Db, id: number, jobId: number, status: string): Promise<void> {
  await lockJobs(trx, [jobId]);
  const [position] = await endKeys(trx, jobId, status, 1, id);
  await trx('candidates').where({ id }).update({ position });
}

/**
 * Gives keys to the candidates written around the service (seeds, benchmarks, fixtures), whose positions
 * are empty: every column that holds one is given fresh keys in its present order (position, id), and
 * `stage_entered_at` is their creation time where unset.
 */
export async function rebuildCandidatePositions(db: Knex): Promise<void> {
  await db('candidates')
    .whereNull('stage_entered_at')
    .update({ stage_entered_at: db.ref('created_at') });
  const columns: Pick<CandidateRow, 'job_id' | 'status'>[] = await db('candidates')
    .where('position', '')
    .distinct('job_id', 'status');
  for (const c of columns) {
    await db.transaction((trx) => rekeyColumn(trx, int(c.job_id), c.status));
  }
}
