import type { Knex } from 'knex';

/**
 * The talent pool's search finds people by the beginning of their current company as well as by name,
 * e-mail or phone: an index range of the company rather than a read of every person.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('people', (t) => {
    t.index(['current_company']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('people', (t) => {
    t.dropIndex(['current_company']);
  });
}
