import type { Knex } from 'knex';

const isMysql = (knex: Knex) => knex.client.config.client === 'mysql2';

/**
 * What the candidate pipeline needs beyond the table created with jobs:
 * - `phone_key` (the phone's digits) for the one duplicate rule (same e-mail, or same phone), indexed;
 * - indexes for the list's filters and its newest-first order (ids-first paging reads only indexes);
 * - on MySQL a FULLTEXT index over name, e-mail and phone, so that a search does not read the table
 *   (SQLite reads it: an embedded database holds a small firm's candidates);
 * - the history of every status change and rejection;
 * - the mail outbox, where messages wait when no SMTP server is configured (and a record of those sent).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('candidates', (t) => {
    t.string('phone_key', 20).notNullable().defaultTo('');
    t.index(['phone_key']);
    t.index(['status']);
    t.index(['created_at']);
    t.index(['source']);
    t.index(['name']);
  });
  await knex('candidates').update({
    phone_key: knex.raw(
      "REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', '')",
    ),
  });
  if (isMysql(knex)) {
    // Without stop words, so that "com" in an e-mail or a name like "will" can be found.
    await knex.raw('SET SESSION innodb_ft_enable_stopword = OFF');
    await knex.raw('CREATE FULLTEXT INDEX candidates_search_fulltext ON candidates (name, email, phone)');
  }

  await knex.schema.createTable('candidate_history', (t) => {
    t.increments('id').primary();
    t.integer('candidate_id').unsigned().notNullable().references('candidates.id').onDelete('CASCADE');
    t.string('from_status', 20).nullable();
    t.string('to_status', 20).notNullable();
    t.integer('changed_by_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.dateTime('changed_at').notNullable();
    t.string('reason', 100).nullable();
    t.string('stage', 100).nullable();
    t.text('comments').nullable();
    t.index(['candidate_id', 'id']);
  });

  await knex.schema.createTable('mail_outbox', (t) => {
    t.increments('id').primary();
    t.string('to_address', 254).notNullable();
    t.string('subject', 300).notNullable();
    t.text('text_body').notNullable();
    t.text('html_body', 'mediumtext').nullable();
    /** `queued` (no SMTP server configured) or `sent`. */
    t.string('status', 10).notNullable();
    t.string('message_id', 300).nullable();
    t.integer('created_by_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.dateTime('created_at').notNullable();
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('mail_outbox');
  await knex.schema.dropTable('candidate_history');
  if (isMysql(knex)) await knex.raw('DROP INDEX candidates_search_fulltext ON candidates');
  await knex.schema.alterTable('candidates', (t) => {
    t.dropIndex(['phone_key']);
    t.dropIndex(['status']);
    t.dropIndex(['created_at']);
    t.dropIndex(['source']);
    t.dropIndex(['name']);
    t.dropColumn('phone_key');
  });
}
