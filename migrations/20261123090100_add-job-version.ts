import type { Knex } from 'knex';

/** Optimistic locking for jobs: every change adds one; an edit made from an older version gets 409. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.integer('version').notNullable().defaultTo(1);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('jobs', (t) => {
    t.dropColumn('version');
  });
}
