import type { Knex } from 'knex';

/**
 * When an admin first read a contact-form message: the admins' inbox counts the unread ones in the sidebar.
 * Messages already kept stay unread, so none that arrived while nobody could see them is passed over.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.dateTime('read_at').nullable();
    t.index(['read_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contact_messages', (t) => {
    t.dropIndex(['read_at']);
    t.dropColumn('read_at');
  });
}
