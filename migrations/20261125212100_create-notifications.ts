import type { Knex } from 'knex';

/**
 * Each user's notifications (the bell): what happened, where to look, and when it was read. A user reads
 * their newest first and counts their unread ones, so both go by `user_id` first. The job and candidate
 * are kept so a notification can be found again from what it is about; deleting them leaves the text.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notifications', (t) => {
    t.increments('id').primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.string('kind', 30).notNullable();
    t.string('text', 500).notNullable();
    t.string('link', 300).nullable();
    t.integer('job_id').unsigned().nullable();
    t.integer('candidate_id').unsigned().nullable();
    t.dateTime('read_at').nullable();
    t.dateTime('created_at').notNullable();
    t.index(['user_id', 'id']);
    t.index(['user_id', 'read_at', 'id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('notifications');
}
