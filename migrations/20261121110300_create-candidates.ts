import type { Knex } from 'knex';

/**
 * Candidates, created with jobs so that a job knows its candidate count and can refuse to be
 * deleted while it has candidates. The candidates feature extends this table rather than redoing it.
 * `version` counts changes, for optimistic locking of status changes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('candidates', (t) => {
    t.increments('id').primary();
    t.string('uuid', 36).notNullable().unique();
    // No ON DELETE action: a job with candidates cannot be deleted (archive it instead).
    t.integer('job_id').unsigned().notNullable().references('jobs.id');
    t.string('name', 100).notNullable();
    t.string('email', 254).notNullable();
    t.string('phone', 20).notNullable();
    t.decimal('experience', 4, 1).notNullable().defaultTo(0);
    t.string('current_company', 150).nullable();
    t.decimal('current_ctc', 8, 2).nullable();
    t.decimal('expected_ctc', 8, 2).nullable();
    t.integer('notice_period').nullable();
    t.string('current_location', 150).nullable();
    t.string('preferred_location', 150).nullable();
    t.string('status', 20).notNullable().defaultTo('applied');
    t.string('source', 20).notNullable().defaultTo('Direct');
    t.string('referred_by', 100).nullable();
    t.text('notes').nullable();
    t.string('resume_url', 500).nullable();
    t.string('image_url', 500).nullable();
    t.text('job_answers').nullable();
    t.string('current_round', 50).nullable();
    t.string('rejection_reason', 100).nullable();
    t.text('rejection_details').nullable();
    t.boolean('shared_with_client').notNullable().defaultTo(false);
    t.dateTime('shared_at').nullable();
    t.integer('created_by_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.integer('version').notNullable().defaultTo(1);
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['job_id', 'status']);
    t.index(['created_by_id']);
    t.index(['email']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('candidates');
}
