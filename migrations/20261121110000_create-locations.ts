import type { Knex } from 'knex';

/** Indian states (ISO 3166-2:IN codes) and their districts, for job and candidate locations. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('states', (t) => {
    t.string('iso2', 2).primary();
    t.string('name', 100).notNullable();
  });
  await knex.schema.createTable('districts', (t) => {
    t.increments('id').primary();
    t.string('state_code', 2).notNullable().references('states.iso2').onDelete('CASCADE');
    t.string('name', 100).notNullable();
    t.unique(['state_code', 'name']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('districts');
  await knex.schema.dropTable('states');
}
