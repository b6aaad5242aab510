import type { Knex } from 'knex';

/** Candidates' ids per block of this many consecutive numbers (the candidates' counts.ts keeps the same). */
const ID_BLOCK = 1024;

/** The block of each candidate's id, in the dialect's integer division. */
const idBlockOf = (knex: Knex, column = 'id') =>
  knex.client.config.client === 'mysql2' ? `${column} DIV ${ID_BLOCK}` : `${column} / ${ID_BLOCK}`;

/**
 * How many candidates' ids fall in each block of ID_BLOCK numbers, kept with every insert and delete
 * (counts.ts): a page deep in the whole list, newest or oldest first, is found by adding up blocks (a
 * thousand small rows at a million candidates) and skipping at most one block's ids, rather than walking
 * half a million index entries (page 100,000 of 200,000 took 420 ms).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('candidate_id_blocks', (t) => {
    t.integer('block').unsigned().notNullable().primary();
    t.integer('n').notNullable().defaultTo(0);
  });
  await knex.raw(
    `INSERT INTO candidate_id_blocks (block, n) SELECT ${idBlockOf(knex)}, COUNT(*) FROM candidates GROUP BY ${idBlockOf(knex)}`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('candidate_id_blocks');
}
