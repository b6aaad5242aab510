import type { Knex } from 'knex';

/**
 * The outbox mail that carries each contact-form message to the office: the admins' inbox shows that mail's
 * state as it is now (an admin may send a failed one again), not as it was when the message came in.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.integer('mail_outbox_id').unsigned().nullable().references('mail_outbox.id').onDelete('SET NULL');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.dropForeign(['mail_outbox_id']);
    t.dropColumn('mail_outbox_id');
  });
}
