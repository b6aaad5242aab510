import type { Knex } from 'knex';

/**
 * A candidate's history holds more than status changes: an application to another job (or to the same job
 * again) by a person already on file is recorded on their existing record, with the job applied to and the
 * resume sent with it. `kind` tells the entries apart ('status' for every entry written before); `job_id`
 * finds a job's applications from people on file (the job's Candidates tab lists them), and the resume's
 * address is indexed because a file is served only after finding the record that holds it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('candidate_history', (t) => {
    t.string('kind', 20).notNullable().defaultTo('status');
    t.integer('job_id').unsigned().nullable().references('jobs.id').onDelete('SET NULL');
    t.string('resume_url', 500).nullable();
    t.index(['job_id', 'kind']);
    t.index(['resume_url']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('candidate_history', (t) => {
    t.dropIndex(['resume_url']);
    t.dropForeign(['job_id']);
    t.dropIndex(['job_id', 'kind']);
  });
  await knex.schema.alterTable('candidate_history', (t) => {
    t.dropColumn('resume_url');
    t.dropColumn('job_id');
    t.dropColumn('kind');
  });
}
