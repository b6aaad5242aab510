import type { Knex } from 'knex';

/**
 * The reference an applicant quotes after applying on the careers pages ("7KQX-M3TP"). Unique, so that
 * it names one application; empty for candidates added by the staff, who are found by name or e-mail.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('candidates', (t) => {
    t.string('application_reference', 9).nullable().unique();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('candidates', (t) => {
    t.dropUnique(['application_reference']);
    t.dropColumn('application_reference');
  });
}
