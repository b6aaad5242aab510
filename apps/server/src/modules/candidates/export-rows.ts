/** The Excel export's rows: the filtered candidates read by keyset, a batch at a time, with the names they show. */
import type { Knex } from 'knex';
import type { CandidateExportRow } from '@portal/contracts';
import { chunks, LOOKUP_BATCH } from '../../db/dialect.ts';
import { int, type DbInt } from '../../lib/rows.ts';
import { toExportRow, type CandidateExportColumns } from './model.ts';

type Filter = (q: Knex.QueryBuilder) => Knex.QueryBuilder;

/** Candidates the export reads per query: a few MB of rows at a time, whatever the list's size. */
const EXPORT_BATCH = 5000;

/**
 * Adds to `known` the names (a job's title, a user's name) of the ids it does not hold yet, a lookup at a
 * time: an export names the same few jobs and users again and again, so each is read once.
 */
export async function learnNames(
  db: Knex,
  table: 'jobs' | 'users',
  column: 'title' | 'name',
  known: Map<number, string>,
  ids: number[],
): Promise<void> {
  const unknown = [...new Set(ids)].filter((id) => id > 0 && !known.has(id));
  for (const batch of chunks(unknown, LOOKUP_BATCH)) {
    const rows: { id: DbInt; name: string }[] = await db(table)
      .whereIn('id', batch)
      .select('id', `${column} as name`);
    for (const r of rows) known.set(int(r.id), r.name);
  }
}

/**
 * The export's rows, EXPORT_BATCH at a time by id (newest first): the candidates alone, one keyset range
 * each (a join here let the planner walk the candidates job by job); the few jobs and users they name
 * are looked up as they first appear.
 */
export async function* exportBatches(db: Knex, filter: Filter): AsyncGenerator<CandidateExportRow[]> {
  const titles = new Map<number, string>();
  const creatorNames = new Map<number, string>();
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const rows: CandidateExportColumns[] = await filter(db('candidates as c'))
      .where('c.id', '<', before)
      .orderBy('c.id', 'desc')
      .limit(EXPORT_BATCH)
      .select(
        'c.id',
        'c.name',
        'c.email',
        'c.phone',
        'c.job_id',
        'c.status',
        'c.source',
        'c.experience',
        'c.current_company',
        'c.current_ctc',
        'c.expected_ctc',
        'c.notice_period',
        'c.current_location',
        'c.preferred_location',
        'c.created_at',
        'c.created_by_id',
      );
    if (rows.length === 0) return;
    before = int(rows[rows.length - 1]!.id);
    await learnNames(
      db,
      'jobs',
      'title',
      titles,
      rows.map((r) => int(r.job_id)),
    );
    await learnNames(
      db,
      'users',
      'name',
      creatorNames,
      rows.map((r) => int(r.created_by_id ?? 0)),
    );
    yield rows.map((r) =>
      toExportRow(r, titles.get(int(r.job_id)), creatorNames.get(int(r.created_by_id ?? 0))),
    );
    if (rows.length < EXPORT_BATCH) return;
  }
}
