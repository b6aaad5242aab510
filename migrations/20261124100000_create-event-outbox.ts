import type { Knex } from 'knex';

/**
 * The event outbox: every message a change sends to a live room, numbered per room and
 * written in the same transaction as the change, so that a client that was away asks for what it missed
 * (`GET /api/events`) rather than trusting Socket.IO's best-effort recovery. `event_sequences` holds each
 * room's latest number: allocating one locks that room's row until the commit, so numbers follow commit
 * order and never repeat, on MySQL as on SQLite. Old messages are pruned; the numbers go on.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('event_sequences', (t) => {
    t.string('room', 64).notNullable().primary();
    t.bigInteger('seq').unsigned().notNullable();
  });
  await knex.schema.createTable('event_outbox', (t) => {
    t.string('room', 64).notNullable();
    t.bigInteger('seq').unsigned().notNullable();
    t.string('name', 64).notNullable();
    /** The message's payload as JSON. */
    t.text('payload', 'mediumtext').notNullable();
    t.dateTime('created_at').notNullable();
    // Unique per room, and the order a catch-up reads them in.
    t.primary(['room', 'seq']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('event_outbox');
  await knex.schema.dropTable('event_sequences');
}
