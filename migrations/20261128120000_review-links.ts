import type { Knex } from 'knex';

/**
 * Client review links (issue #37, DESIGN §6e): a job's client contacts, one link per recipient of a
 * shortlist (only the SHA-256 of its token is kept), what each link's holder did (every view, with the
 * address), and the recruiter's note for the client on each shared candidate. Decisions and comments on a
 * link (review_decisions, review_comments) hang on share_links and shortlist_share_candidates later.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('job_client_contacts', (t) => {
    t.increments('id').primary();
    t.integer('job_id').unsigned().notNullable().references('id').inTable('jobs').onDelete('CASCADE');
    t.string('name', 200).notNullable();
    // Kept lower-cased, so that the unique key refuses the same address written otherwise.
    t.string('email', 254).notNullable();
    t.integer('created_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('created_at').notNullable();
    t.unique(['job_id', 'email']);
  });
  await knex.schema.alterTable('shortlist_share_candidates', (t) => {
    t.text('note').nullable();
  });
  await knex.schema.createTable('share_links', (t) => {
    t.increments('id').primary();
    t.integer('share_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('shortlist_shares')
      .onDelete('CASCADE');
    // The contact the link went to (null: the job's own client e-mail, or a contact removed since).
    t.integer('contact_id')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('job_client_contacts')
      .onDelete('SET NULL');
    t.string('recipient_email', 254).notNullable();
    t.string('recipient_name', 200).notNullable();
    t.specificType('token_hash', 'CHAR(64)').notNullable().unique();
    t.datetime('expires_at').notNullable();
    t.datetime('revoked_at').nullable();
    t.boolean('show_contact_details').notNullable().defaultTo(false);
    t.boolean('allow_download').notNullable().defaultTo(false);
    t.datetime('first_opened_at').nullable();
    t.datetime('last_opened_at').nullable();
    t.integer('views').unsigned().notNullable().defaultTo(0);
    t.datetime('created_at').notNullable();
    t.index(['share_id']);
  });
  await knex.schema.createTable('share_link_activity', (t) => {
    t.increments('id').primary();
    t.integer('link_id').unsigned().notNullable().references('id').inTable('share_links').onDelete('CASCADE');
    // 'view' (the page) or 'resume' (a resume opened); later steps add their actions.
    t.string('kind', 20).notNullable();
    t.integer('candidate_id')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('candidates')
      .onDelete('SET NULL');
    t.string('address', 45).notNullable();
    t.datetime('at').notNullable();
    t.index(['link_id', 'at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('share_link_activity');
  await knex.schema.dropTable('share_links');
  await knex.schema.alterTable('shortlist_share_candidates', (t) => {
    t.dropColumn('note');
  });
  await knex.schema.dropTable('job_client_contacts');
}
