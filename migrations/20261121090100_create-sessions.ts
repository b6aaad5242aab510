import type { Knex } from 'knex';

/** One row a sign-in, so that logout, a password change or deactivation can end it on the server. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('sessions', (t) => {
    t.string('id', 36).primary();
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.dateTime('created_at').notNullable();
    t.dateTime('expires_at').notNullable();
    t.dateTime('revoked_at').nullable();
    t.index(['user_id', 'revoked_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('sessions');
}
