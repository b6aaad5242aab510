import type { Knex } from 'knex';

/**
 * Why a mail could not be sent (the SMTP server's refusal or the connection's error), so that the admin
 * reading the outbox sees the reason beside a `failed` mail, not only that it failed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.string('error', 500).nullable();
    // The admin shell counts the mails waiting (queued or failed) on every screen.
    t.index(['status']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('mail_outbox', (t) => {
    t.dropIndex(['status']);
    t.dropColumn('error');
  });
}
