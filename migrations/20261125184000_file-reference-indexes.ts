import type { Knex } from 'knex';

/**
 * Every column that holds a stored file's address gets an index: a file is served only after finding the
 * record that holds it (whoever may read that record may read the file), and the sweeper of unattached
 * uploads asks the same question. Without them each photo shown would read the whole candidates table.
 */
const COLUMNS = [
  ['users', 'photo'],
  ['candidates', 'resume_url'],
  ['candidates', 'image_url'],
  ['loan_transactions', 'receipt_url'],
  ['expenses', 'expense_image'],
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const [table, column] of COLUMNS) {
    await knex.schema.alterTable(table, (t) => t.index([column]));
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [table, column] of COLUMNS) {
    await knex.schema.alterTable(table, (t) => t.dropIndex([column]));
  }
}
