import type { Knex } from 'knex';

/**
 * Pipeline analytics at scale (a million candidates): the first shape kept a row per day for eight
 * groupings of (job, source, creator), about 29 rows a candidate, so a year's figures read hundreds of
 * thousands of rows and the rebuild wrote tens of millions. Now:
 * - `analytics_daily` keeps a `grain`: 'day' rows ('YYYY-MM-DD') and 'month' rows ('YYYY-MM') of the same
 *   sums, so a range reads whole months from month rows and only the days of its partial months; and only
 *   the groupings that many candidates share: all candidates and each source (every figure), each job and
 *   each (job, source) for time to hire (the latter month rows only: a row a hire a day would be most of
 *   the table; a source's candidates who applied on the partial months' days are summed instead), and
 *   the activity groupings as before (day rows only); a
 *   duration histogram keeps 16 adjacent buckets a row (`detail` is the bucket / 16; counts `n0`…`n15`,
 *   other figures count in `n0`), so that a month of one job's durations is a few rows;
 * - `analytics_candidates` keeps each candidate's own figures (`figures`: its applied day, then the
 *   stage counts, time in stage and time to hire it adds), stored by job, so that a filter naming jobs or a
 *   creator sums those few candidates' rows instead.
 * Both tables are emptied: the app rebuilds them from the history on start (aggregates.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.dropTable('analytics_daily');
  await knex.schema.dropTable('analytics_candidates');
  await knex.schema.createTable('analytics_candidates', (t) => {
    t.integer('job_id').unsigned().notNullable();
    t.integer('candidate_id').unsigned().notNullable();
    t.string('source', 20).notNullable();
    t.integer('creator_id').unsigned().notNullable();
    t.dateTime('applied_at').notNullable();
    t.string('status', 20).notNullable();
    t.dateTime('stage_since').nullable();
    t.integer('counted_through').unsigned().notNullable();
    t.text('figures').notNullable();
    // One job's candidates side by side: a job's figures read one range of the table.
    t.primary(['job_id', 'candidate_id']);
    t.unique(['candidate_id'], { indexName: 'analytics_candidates_candidate' });
    t.index(['creator_id'], 'analytics_candidates_creator');
    // A source's candidates who applied on some days: the partial months of its time to hire per job.
    t.index(['source', 'applied_at'], 'analytics_candidates_source_applied');
    // Those in each stage since a time (the stale count): one range a status, read in the order of the
    // GROUP BY, so no temporary table; the cohort and source filters read in the index.
    t.index(['status', 'stage_since', 'applied_at', 'source'], 'analytics_candidates_status_since');
  });
  await knex.schema.createTable('analytics_daily', (t) => {
    t.tinyint('grouping').unsigned().notNullable();
    t.string('figure', 12).notNullable();
    t.integer('job_id').unsigned().notNullable();
    t.string('source', 20).notNullable();
    t.integer('creator_id').unsigned().notNullable();
    t.string('grain', 5).notNullable();
    t.string('day', 10).notNullable();
    t.string('stage', 12).notNullable();
    t.string('detail', 40).notNullable();
    // Counts in n0; a histogram row's 16 buckets (the bucket is detail × 16 + the lane).
    for (let lane = 0; lane < 16; lane++) t.integer(`n${lane}`).notNullable().defaultTo(0);
    // A figure of one grouping and source (or of each listed source), a grain and a range of days or months
    // is one range of the key (a few with their partial months); every job's rows of those days lie
    // within it, so the table of every job's time to hire reads no other days.
    t.primary(['grouping', 'figure', 'source', 'grain', 'day', 'job_id', 'creator_id', 'stage', 'detail']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('analytics_daily');
  await knex.schema.dropTable('analytics_candidates');
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
    t.primary(['grouping', 'figure', 'job_id', 'source', 'creator_id', 'day', 'stage', 'detail']);
  });
}
