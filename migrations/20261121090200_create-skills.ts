import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('skills', (t) => {
    t.increments('id').primary();
    t.string('name', 100).notNullable().unique();
    t.string('description', 500).notNullable().defaultTo('');
    t.string('status', 10).notNullable().defaultTo('active');
    t.integer('created_by_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.integer('updated_by_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('skills');
}
