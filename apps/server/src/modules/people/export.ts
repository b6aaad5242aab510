/**
 * The talent pool as people_list.xlsx: the filtered people read by keyset a batch at a time (700,000 people
 * never sit in memory), each batch's applications in one query, written as the batches arrive.
 */
import type { Knex } from 'knex';
import { PEOPLE_EXPORT, peopleExportRows, type PeopleExportRow } from '@portal/contracts';
import { LOOKUP_BATCH } from '../../db/dialect.ts';
import { displayDay } from '../../lib/export-day.ts';
import { int } from '../../lib/rows.ts';
import { streamXlsx } from '../../lib/xlsx-writer.ts';
import { learnNames } from '../candidates/export-rows.ts';
import {
  EXPORT_COLUMNS,
  toPeopleExportRow,
  type PeopleExportColumns,
  type PeopleExportApplicationRow,
} from './model.ts';

/** People per batch: their ids are the one `IN (…)` of the batch's applications query. */
const EXPORT_BATCH = LOOKUP_BATCH;

/**
 * The export's rows, EXPORT_BATCH people at a time by id (newest first), each with their applications'
 * jobs and statuses (oldest application first). `matching` is the pool's filtered query of `people as p`,
 * cloned for every batch. A batch's applications are read alone, by the person index, and put in order
 * here: joined with the jobs, the planner may walk every application of a job instead (1 s a batch on
 * MySQL with 700,000 applications in one job and fresh statistics not yet taken); the few jobs' titles
 * are looked up as they first appear.
 */
export async function* exportBatches(
  db: Knex,
  matching: Knex.QueryBuilder,
): AsyncGenerator<PeopleExportRow[]> {
  const titles = new Map<number, string>();
  let before = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const people: PeopleExportColumns[] = await matching
      .clone()
      .where('p.id', '<', before)
      .orderBy('p.id', 'desc')
      .limit(EXPORT_BATCH)
      .select(EXPORT_COLUMNS.map((c) => `p.${c}`));
    if (people.length === 0) return;
    before = int(people[people.length - 1]!.id);
    const applications: PeopleExportApplicationRow[] = await db('candidates')
      .whereIn(
        'person_id',
        people.map((p) => int(p.id)),
      )
      .select('id', 'person_id', 'job_id', 'status');
    applications.sort((a, b) => int(a.id) - int(b.id));
    await learnNames(
      db,
      'jobs',
      'title',
      titles,
      applications.map((a) => int(a.job_id)),
    );
    const byPerson = new Map<number, PeopleExportApplicationRow[]>(people.map((p) => [int(p.id), []]));
    for (const a of applications) byPerson.get(int(a.person_id))?.push(a);
    yield people.map((p) => toPeopleExportRow(p, byPerson.get(int(p.id)) ?? [], titles));
    if (people.length < EXPORT_BATCH) return;
  }
}

/** people_list.xlsx: sheet People, the 13 columns of `PEOPLE_EXPORT`, formatted as the candidates' export. */
export function peopleWorkbook(batches: AsyncIterable<PeopleExportRow[]>) {
  async function* rows() {
    for await (const batch of batches) yield peopleExportRows(batch, displayDay);
  }
  return streamXlsx({ sheetName: PEOPLE_EXPORT.sheetName, header: PEOPLE_EXPORT.columns, batches: rows() });
}
