import type { Knex } from 'knex';

/**
 * The move a client's decision suggests, kept on the bell's notification: the candidate's uuid,
 * the status and, for "not a fit", the client's reason, as JSON text. Nullable, so that MySQL and MariaDB
 * add it without rewriting the table; every other notification keeps null.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.string('suggested_move', 300).nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('notifications', (t) => {
    t.dropColumn('suggested_move');
  });
}
