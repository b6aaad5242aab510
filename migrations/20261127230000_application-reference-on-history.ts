import type { Knex } from 'knex';

/**
 * The reference of an application recorded on a profile already on file (a history entry of kind
 * "application"): such an applicant is given a reference like any other, and it names this entry. Unique,
 * like the candidates' own; empty for status changes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('candidate_history', (t) => {
    t.string('application_reference', 9).nullable().unique();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('candidate_history', (t) => {
    t.dropUnique(['application_reference']);
    t.dropColumn('application_reference');
  });
}
