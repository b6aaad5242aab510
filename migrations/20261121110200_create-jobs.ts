import type { Knex } from 'knex';

/**
 * Jobs, the skills each asks for (by reference to the catalogue) and the users besides its creator who may
 * edit it. Salaries are annual rupees; experience is a range of whole years; the deadline is a date.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('jobs', (t) => {
    t.increments('id').primary();
    t.string('title', 200).notNullable();
    t.string('type', 20).notNullable();
    t.text('description').notNullable();
    t.string('state', 2).notNullable();
    t.string('city', 100).notNullable();
    t.integer('min_salary').notNullable();
    t.integer('max_salary').nullable();
    t.date('deadline').nullable();
    t.integer('experience_min').notNullable();
    t.integer('experience_max').notNullable();
    t.text('interview_rounds').notNullable();
    t.text('questions').notNullable();
    t.string('client_name', 100).notNullable();
    t.string('client_email', 254).notNullable();
    t.string('client_location', 200).notNullable();
    t.integer('openings').notNullable().defaultTo(1);
    t.string('status', 10).notNullable().defaultTo('active');
    t.integer('created_by_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.integer('updated_by_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
    t.dateTime('created_at').notNullable();
    t.dateTime('updated_at').notNullable();
    // Tab counts group by status (and deadline, for expiry) without reading the rows.
    t.index(['status', 'deadline']);
  });

  await knex.schema.createTable('job_skills', (t) => {
    t.integer('job_id').unsigned().notNullable().references('jobs.id').onDelete('CASCADE');
    // No ON DELETE action: a skill that jobs ask for cannot be deleted (it can be set inactive).
    t.integer('skill_id').unsigned().notNullable().references('skills.id');
    t.primary(['job_id', 'skill_id']);
    t.index(['skill_id', 'job_id']);
  });

  await knex.schema.createTable('job_editors', (t) => {
    t.integer('job_id').unsigned().notNullable().references('jobs.id').onDelete('CASCADE');
    t.integer('user_id').unsigned().notNullable().references('users.id').onDelete('CASCADE');
    t.primary(['job_id', 'user_id']);
    t.index(['user_id', 'job_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('job_editors');
  await knex.schema.dropTable('job_skills');
  await knex.schema.dropTable('jobs');
}
