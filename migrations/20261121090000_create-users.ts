import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id').primary();
    t.string('user_id', 16).notNullable().unique();
    t.string('name', 100).notNullable();
    t.string('username', 50).notNullable().unique();
    t.string('email', 254).notNullable().unique();
    t.string('password_hash', 255).notNullable();
    t.string('role', 10).notNullable();
    t.string('status', 10).notNullable().defaultTo('active');
    t.string('gender', 10).nullable();
    t.string('department', 40).nullable();
    t.string('designation', 40).nullable();
    t.string('mobile_number', 10).nullable();
    t.string('alt_mobile_number', 10).nullable();
    t.string('pan_number', 10).nullable();
    t.string('aadhar_number', 12).nullable();
    t.text('address').nullable();
    t.text('permissions').nullable();
    t.string('photo', 255).nullable();
    t.dateTime('deleted_at').nullable();
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['role', 'status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
}
