import type { Knex } from 'knex';

/**
 * The property ledger: purchases ("loans"), their instalments and the firm's expenses.
 * Money is DECIMAL(15,2) everywhere (never a float column). A purchase keeps its paid total and balance
 * beside its amounts; an instalment changes them in the same transaction, with the purchase row locked.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('loans', (t) => {
    t.increments('id').primary();
    t.string('loan_id', 20).notNullable().unique();
    // No ON DELETE action: a customer with purchases is never removed (users are marked deleted).
    t.integer('customer_id').unsigned().notNullable().references('users.id');
    t.decimal('loan_amount', 15, 2).notNullable();
    t.decimal('advance_amount', 15, 2).notNullable().defaultTo(0);
    t.decimal('paid_amount', 15, 2).notNullable().defaultTo(0);
    t.decimal('remaining_balance', 15, 2).notNullable();
    t.string('status', 10).notNullable().defaultTo('active');
    t.string('referred_by', 100).nullable();
    t.integer('created_by_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['updated_at']);
    t.index(['created_at']);
    t.index(['status', 'updated_at']);
    t.index(['customer_id', 'status']);
  });

  await knex.schema.createTable('loan_transactions', (t) => {
    t.increments('id').primary();
    t.string('transaction_id', 24).notNullable().unique();
    t.integer('loan_id').unsigned().notNullable().references('loans.id').onDelete('CASCADE');
    t.integer('customer_id').unsigned().notNullable().references('users.id');
    t.decimal('amount', 15, 2).notNullable();
    t.string('transaction_type', 10).notNullable().defaultTo('credit');
    t.string('status', 20).nullable();
    t.text('comments').nullable();
    t.string('receipt_url', 500).nullable();
    t.date('transaction_date').nullable();
    t.integer('created_by_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.dateTime('created_at').notNullable();
    t.index(['loan_id', 'created_at']);
    t.index(['created_at']);
  });

  await knex.schema.createTable('expenses', (t) => {
    t.increments('id').primary();
    t.string('uuid', 36).notNullable().unique();
    t.string('expense_name', 200).notNullable();
    t.decimal('amount', 15, 2).notNullable();
    t.string('expense_type', 40).notNullable();
    t.date('expense_date').notNullable();
    t.text('comments').nullable();
    t.string('expense_image', 500).nullable();
    t.integer('created_by_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    t.index(['created_at']);
    t.index(['expense_type']);
    t.index(['expense_date']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('expenses');
  await knex.schema.dropTable('loan_transactions');
  await knex.schema.dropTable('loans');
}
