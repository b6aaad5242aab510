import type { Knex } from 'knex';

/**
 * The client's answers on review links: each recipient's current decision per shared
 * candidate (a new decision replaces theirs; every one is also kept in share_link_activity with the address),
 * the comment threads per share and candidate (clients' comments by link, staff replies by user), a
 * candidate withdrawn from a share, and the summary the board card shows, kept on the application so that
 * reading a board costs no join.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('review_decisions', (t) => {
    t.increments('id').primary();
    t.integer('link_id').unsigned().notNullable().references('id').inTable('share_links').onDelete('CASCADE');
    t.integer('candidate_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('candidates')
      .onDelete('CASCADE');
    // 'interested', 'on_hold' or 'not_a_fit'.
    t.string('decision', 20).notNullable();
    t.string('reason', 100).nullable();
    t.text('comment').nullable();
    t.tinyint('rating').unsigned().nullable();
    // The link's first decision on the candidate (the client's response time runs from the link to it).
    t.datetime('first_decided_at').notNullable();
    t.datetime('decided_at').notNullable();
    t.unique(['link_id', 'candidate_id']);
    t.index(['candidate_id']);
  });
  await knex.schema.createTable('review_comments', (t) => {
    t.increments('id').primary();
    t.integer('share_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('shortlist_shares')
      .onDelete('CASCADE');
    t.integer('candidate_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('candidates')
      .onDelete('CASCADE');
    // The client's link (a client comment), or the link a staff reply answers.
    t.integer('link_id').unsigned().nullable().references('id').inTable('share_links').onDelete('SET NULL');
    // The staff member who replied (null: a client's comment, or a user removed since).
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('author_kind', 10).notNullable();
    t.string('author_name', 200).notNullable();
    t.text('text').notNullable();
    t.datetime('created_at').notNullable();
    t.index(['share_id', 'candidate_id', 'id']);
    t.index(['candidate_id']);
  });
  await knex.schema.alterTable('shortlist_share_candidates', (t) => {
    t.datetime('withdrawn_at').nullable();
  });
  await knex.schema.alterTable('share_link_activity', (t) => {
    // What an action was ('interested' for a decision, say); null for a view.
    t.string('detail', 100).nullable();
  });
  // The board card's summary: nullable columns and a default, which MySQL and MariaDB add without
  // rewriting the table (a million applications).
  await knex.schema.alterTable('candidates', (t) => {
    t.string('client_decision', 20).nullable();
    t.string('client_decision_reason', 100).nullable();
    t.integer('client_comments').unsigned().notNullable().defaultTo(0);
    t.string('client_feedback_by', 200).nullable();
    t.datetime('client_feedback_at').nullable();
  });
}

const isMysql = (knex: Knex) => knex.client.config.client === 'mysql2';

/**
 * Drops columns in place: knex's own way on SQLite copies the table and drops the old one, which deletes the
 * rows of every table that cascades from it (a candidate's history, say). SQLite 3.35+ drops a column itself.
 */
async function dropColumns(knex: Knex, table: string, columns: string[]): Promise<void> {
  if (isMysql(knex)) {
    await knex.schema.alterTable(table, (t) => t.dropColumns(...columns));
    return;
  }
  for (const column of columns) await knex.raw(`ALTER TABLE ?? DROP COLUMN ??`, [table, column]);
}

export async function down(knex: Knex): Promise<void> {
  await dropColumns(knex, 'candidates', [
    'client_decision',
    'client_decision_reason',
    'client_comments',
    'client_feedback_by',
    'client_feedback_at',
  ]);
  await dropColumns(knex, 'share_link_activity', ['detail']);
  await dropColumns(knex, 'shortlist_share_candidates', ['withdrawn_at']);
  await knex.schema.dropTable('review_comments');
  await knex.schema.dropTable('review_decisions');
}
