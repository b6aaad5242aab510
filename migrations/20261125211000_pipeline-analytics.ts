import type { Knex } from 'knex';

/**
 * Pipeline analytics, kept with every candidate change (apps/server/src/modules/analytics/aggregates.ts)
 * and rebuilt from the history by `npm run analytics:rebuild`:
 * - `analytics_candidates`: each candidate as the figures last counted it (job, source, creator, applied
 *   time, status, when its current stay began, and the last history entry counted), so that a change can
 *   take back what the candidate counted before and add what it counts now; its stay start finds the
 *   candidates waiting in a stage for long;
 * - `analytics_daily`: sums per day, per (job, source, creator) and per grouping of those (all jobs, one
 *   job, one source, … each grouping's rows hold zero / '' in the columns it does not group by), so that
 *   any filter reads a few thousand rows for a year. `figure` says what is counted: stage counts
 *   (the furthest stage reached, current, rejected by reason in `detail`), durations as log-scale histogram buckets
 *   (`detail` is the bucket: a candidate's time in a stage, time to hire), and each person's moves and
 *   rejections (`detail` is the user). The day is the applied day for the cohort figures and the day of
 *   the event for the others.
 * Filled empty: the app rebuilds both from the history when it finds candidates it has not counted.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('analytics_candidates', (t) => {
    t.integer('candidate_id').unsigned().notNullable().primary();
    t.integer('job_id').unsigned().notNullable();
    t.string('source', 20).notNullable();
    t.integer('creator_id').unsigned().notNullable();
    t.dateTime('applied_at').notNullable();
    t.string('status', 20).notNullable();
    t.dateTime('stage_since').nullable();
    t.integer('counted_through').unsigned().notNullable();
    t.index(
      ['stage_since', 'status', 'job_id', 'source', 'creator_id', 'applied_at'],
      'analytics_candidates_since',
    );
    t.index(['job_id', 'stage_since'], 'analytics_candidates_job_since');
  });
  await knex.schema.createTable('analytics_daily', (t) => {
    t.tinyint('grouping').unsigned().notNullable();
    t.string('figure', 12).notNullable();
    t.integer('job_id').unsigned().notNullable();
    t.string('source', 20).notNullable();
    t.integer('creator_id').unsigned().notNullable();
    t.string('day', 10).notNullable();
    t.string('stage', 12).notNullable();
    t.string('detail', 40).notNullable();
    t.integer('n').notNullable().defaultTo(0);
    // A figure of one grouping, its (job, source, creator) and a range of days: one range of the key.
    t.primary(['grouping', 'figure', 'job_id', 'source', 'creator_id', 'day', 'stage', 'detail']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('analytics_daily');
  await knex.schema.dropTable('analytics_candidates');
}
