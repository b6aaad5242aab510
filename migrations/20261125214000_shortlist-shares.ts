import type { Knex } from 'knex';

/**
 * A record of every shortlist sent to a job's client: when, by whom, to which address, and which
 * candidates it named. The job's Candidates tab and each candidate's page list them, and the share
 * dialog warns before a candidate is sent a second time.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('shortlist_shares', (t) => {
    t.increments('id').primary();
    t.integer('job_id').unsigned().notNullable().references('id').inTable('jobs').onDelete('CASCADE');
    t.integer('shared_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('client_name', 200).notNullable();
    t.string('client_email', 254).notNullable();
    t.datetime('shared_at').notNullable();
    t.index(['job_id', 'shared_at']);
  });
  await knex.schema.createTable('shortlist_share_candidates', (t) => {
    t.integer('share_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('shortlist_shares')
      .onDelete('CASCADE');
    t.integer('candidate_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('candidates')
      .onDelete('CASCADE');
    t.primary(['share_id', 'candidate_id']);
    t.index(['candidate_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('shortlist_share_candidates');
  await knex.schema.dropTable('shortlist_shares');
}
