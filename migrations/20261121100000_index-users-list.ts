import type { Knex } from 'knex';

/**
 * The Employee Details list reads live users newest first, optionally by status: these indexes serve its
 * page and its count without scanning the table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.index(['deleted_at', 'id'], 'users_live_id_index');
    t.index(['deleted_at', 'status', 'id'], 'users_live_status_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropIndex(['deleted_at', 'id'], 'users_live_id_index');
    t.dropIndex(['deleted_at', 'status', 'id'], 'users_live_status_id_index');
  });
}
