import type { Knex } from 'knex';

/**
 * One row per change of a candidate: the version the change made, who made it, when, and the fields it
 * changed (a JSON list of the API's field names). A save made from an older version is refused with these,
 * so that it can say who changed what since, rather than guess from the status history.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('candidate_changes', (t) => {
    t.increments('id').primary();
    t.integer('candidate_id').unsigned().notNullable().references('candidates.id').onDelete('CASCADE');
    t.integer('version').unsigned().notNullable();
    t.integer('changed_by_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.text('fields').notNullable();
    t.dateTime('changed_at').notNullable();
    t.index(['candidate_id', 'version']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('candidate_changes');
}
