import type { Knex } from 'knex';

/**
 * Every stored upload, with who sent it and when: the per-user upload allowance counts from here, and
 * the sweeper removes files that no record came to point at within the grace period.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('uploads', (t) => {
    t.string('name', 64).primary();
    t.integer('uploaded_by').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.integer('size').unsigned().notNullable();
    t.dateTime('created_at').notNullable();
    t.index(['uploaded_by', 'created_at']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('uploads');
}
