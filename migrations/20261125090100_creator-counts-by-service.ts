import type { Knex } from 'knex';
import { TRIGGERS, triggerSql } from './20261123120000_candidate-creator-counts.ts';

const recount = async (knex: Knex) => {
  await knex('candidate_creator_counts').delete();
  await knex.raw(
    'INSERT INTO candidate_creator_counts (created_by_id, status, n) SELECT created_by_id, status, COUNT(*) ' +
      'FROM candidates WHERE created_by_id IS NOT NULL GROUP BY created_by_id, status',
  );
};

/**
 * Each user's counts (`candidate_creator_counts`) are kept by the candidates service, in the same upsert
 * as the firm-wide `candidate_counts` (counts.ts, bumpCounts), rather than by triggers: one way of keeping
 * counts, and a bulk import of 5,000 rows no longer runs 5,000 trigger upserts of the same row (about a
 * tenth of its time on MySQL, issue 9). Recounted here, so that they start from the truth.
 */
export async function up(knex: Knex): Promise<void> {
  for (const name of TRIGGERS) await knex.raw(`DROP TRIGGER IF EXISTS ${name}`);
  await recount(knex);
}

export async function down(knex: Knex): Promise<void> {
  await recount(knex);
  for (const sql of triggerSql(knex)) await knex.raw(sql);
}
