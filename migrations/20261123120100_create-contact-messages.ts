import type { Knex } from 'knex';

/** Messages sent through the public contact form: kept so that none is lost if mail fails. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('contact_messages', (t) => {
    t.increments('id').primary();
    t.string('name', 100).notNullable();
    t.string('email', 254).nullable();
    t.string('phone', 20).notNullable();
    t.text('message').notNullable();
    /** The sender's address, for following up abuse. */
    t.string('ip', 64).nullable();
    /** `sent` or `queued` (the mailer's receipt), or `failed` when mail could not go. */
    t.string('mail_status', 16).notNullable();
    t.dateTime('created_at').notNullable();
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('contact_messages');
}
