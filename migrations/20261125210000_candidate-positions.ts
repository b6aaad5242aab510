import type { Knex } from 'knex';
import { generateNKeysBetween } from 'fractional-indexing';

const isMysql = (knex: Knex) => knex.client.config.client === 'mysql2';

/** Candidates whose keys one UPDATE sets (a CASE over their ids). */
const UPDATE_BATCH = 500;

/**
 * The pipeline board's order and "N d in stage":
 * - `position`: a fractional-index key (package fractional-indexing) ordering a job's candidates within
 *   their status; cards sort by (position, id). Keys are case-sensitive ASCII ("a0" < "aV" < "b0"): on
 *   MySQL the column is compared byte by byte (ascii_bin), as SQLite compares text by default. Existing
 *   candidates get keys per (job, status) in the order they were added (created_at, id).
 * - `stage_entered_at`: when the candidate entered its current status: the latest history entry into it,
 *   else when the candidate was added.
 * - `moved_by_id`: who last moved the card (a status change or a place in its column), so that a move made
 *   from a stale card can say who moved it since.
 * - an index (job_id, status, position, id): a column's page is one range of it, at any depth.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('candidates', (t) => {
    if (isMysql(knex))
      t.specificType('position', "VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NOT NULL DEFAULT ''");
    else t.string('position', 255).notNullable().defaultTo('');
    t.dateTime('stage_entered_at').nullable();
    t.integer('moved_by_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
  });

  await knex('candidates').update({
    stage_entered_at: knex.raw(
      `COALESCE((SELECT MAX(h.changed_at) FROM candidate_history h
        WHERE h.candidate_id = candidates.id AND h.to_status = candidates.status), candidates.created_at)`,
    ),
  });

  const groups = (await knex('candidates').distinct('job_id', 'status')) as {
    job_id: number;
    status: string;
  }[];
  for (const { job_id, status } of groups) {
    const ids = (
      await knex('candidates')
        .where({ job_id, status })
        .orderBy([{ column: 'created_at' }, { column: 'id' }])
        .pluck('id')
    ).map(Number);
    const keys = generateNKeysBetween(null, null, ids.length);
    for (let i = 0; i < ids.length; i += UPDATE_BATCH) {
      const batch = ids.slice(i, i + UPDATE_BATCH);
      await knex('candidates')
        .whereIn('id', batch)
        .update({
          position: knex.raw(
            `CASE id ${batch.map(() => 'WHEN ? THEN ?').join(' ')} END`,
            batch.flatMap((id, j) => [id, keys[i + j]!]),
          ),
        });
    }
  }

  await knex.schema.alterTable('candidates', (t) => {
    t.index(['job_id', 'status', 'position', 'id'], 'candidates_pipeline_order');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('candidates', (t) => {
    t.dropIndex(['job_id', 'status', 'position', 'id'], 'candidates_pipeline_order');
    t.dropForeign(['moved_by_id']);
  });
  await knex.schema.alterTable('candidates', (t) => {
    t.dropColumn('moved_by_id');
    t.dropColumn('stage_entered_at');
    t.dropColumn('position');
  });
}
