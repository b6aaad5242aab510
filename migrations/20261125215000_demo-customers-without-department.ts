import type { Knex } from 'knex';

/**
 * Demo customers were seeded with the department "Customer" and the designation "Land purchaser", which
 * are not in the staff's lists, so their records could not be saved from the edit form. A customer has
 * neither; the values are cleared on databases seeded before.
 */
const SEEDED = { department: 'Customer', designation: 'Land purchaser' };

export async function up(knex: Knex): Promise<void> {
  await knex('users').where(SEEDED).update({ department: null, designation: null });
}

export async function down(knex: Knex): Promise<void> {
  // The demo customers are the users with no department or designation who were made for the ledger's demo
  // purchases; real staff always have both.
  await knex('users')
    .whereNull('department')
    .whereNull('designation')
    .whereIn('id', (q) => q.select('customer_id').from('loans'))
    .update(SEEDED);
}
