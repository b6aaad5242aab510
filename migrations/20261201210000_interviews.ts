import type { Knex } from 'knex';

/**
 * Interviews: an application's interviews on the calendar, each with its interviewers
 * (staff users and the job's client contacts, their name and address kept as invited), and the iCalendar part
 * an invitation mail carries in the mail outbox (so that a mail waiting there is sent later with it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('interviews', (t) => {
    t.increments('id').primary();
    // The application (a candidate row is one person's application to one job).
    t.integer('candidate_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('candidates')
      .onDelete('CASCADE');
    t.integer('job_id').unsigned().notNullable().references('id').inTable('jobs').onDelete('CASCADE');
    t.string('round', 100).notNullable();
    // UTC.
    t.datetime('start_at').notNullable();
    t.datetime('end_at').notNullable();
    t.integer('duration_minutes').unsigned().notNullable();
    // 'in_person', 'phone' or 'video'.
    t.string('mode', 20).notNullable();
    t.string('location', 500).nullable();
    t.string('video_url', 2000).nullable();
    t.text('note').nullable();
    // 'scheduled' or 'cancelled'.
    t.string('status', 20).notNullable().defaultTo('scheduled');
    // The invitations' SEQUENCE (RFC 5545): raised on every change, so calendars replace their copy.
    t.integer('sequence').unsigned().notNullable().defaultTo(0);
    // The invitations' UID, the same for every mail of the interview.
    t.string('uid', 200).notNullable().unique();
    t.integer('created_by_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.datetime('created_at').notNullable();
    t.datetime('updated_at').notNullable();
    t.index(['start_at']);
    t.index(['candidate_id']);
  });
  await knex.schema.createTable('interview_interviewers', (t) => {
    t.increments('id').primary();
    t.integer('interview_id')
      .unsigned()
      .notNullable()
      .references('id')
      .inTable('interviews')
      .onDelete('CASCADE');
    // A staff interviewer, or (contact_id) one of the job's client contacts; null once removed.
    t.integer('user_id').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.integer('contact_id')
      .unsigned()
      .nullable()
      .references('id')
      .inTable('job_client_contacts')
      .onDelete('SET NULL');
    t.string('name', 200).notNullable();
    // Lower-cased: the overlap check finds a contact of two jobs by the address.
    t.string('email', 254).notNullable();
    // The overlap check and "my interviews": an interviewer's interviews.
    t.index(['user_id', 'interview_id']);
    t.index(['email', 'interview_id']);
    t.index(['interview_id']);
  });
  await knex.schema.alterTable('mail_outbox', (t) => {
    // An invitation's iCalendar (text/calendar) and its METHOD (REQUEST or CANCEL); null for other mails.
    t.text('icalendar', 'mediumtext').nullable();
    t.string('icalendar_method', 20).nullable();
  });
}

const isMysql = (knex: Knex) => knex.client.config.client === 'mysql2';

/**
 * Drops columns in place: knex's own way on SQLite copies the table and drops the old one (see
 * 20261201200000_client-feedback.ts). SQLite 3.35+ drops a column itself.
 */
async function dropColumns(knex: Knex, table: string, columns: string[]): Promise<void> {
  if (isMysql(knex)) {
    await knex.schema.alterTable(table, (t) => t.dropColumns(...columns));
    return;
  }
  for (const column of columns) await knex.raw(`ALTER TABLE ?? DROP COLUMN ??`, [table, column]);
}

export async function down(knex: Knex): Promise<void> {
  await dropColumns(knex, 'mail_outbox', ['icalendar', 'icalendar_method']);
  await knex.schema.dropTable('interview_interviewers');
  await knex.schema.dropTable('interviews');
}
