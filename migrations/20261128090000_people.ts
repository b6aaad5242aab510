import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { generateKeyBetween } from 'fractional-indexing';

/**
 * People and their applications. A person (`people`) is who someone is, once; a row of `candidates` is now
 * an application: that person in one job's pipeline, and `candidates.person_id` says whose. At most one
 * application per person and job (a unique index).
 *
 * The person's fields (name, contact, experience, CTC, notice, locations, resume, photo) are the person's:
 * the people service writes them to `people` and, in the same transaction, to each of the person's
 * applications, which keep a copy so that a job's list still sorts, filters and searches on one table's
 * indexes at a million rows (docs/decisions.md).
 *
 * Existing candidates become people: rows that share an e-mail or a phone's key are one person (also
 * through a third row), the most recently changed row giving the person's fields. Two rows of one job stay
 * two people, and a row joins a person only through a direct match with one of that person's rows. A
 * person is given the id of that most recent row, so that a million people are written by INSERT … SELECT.
 *
 * A careers application that was recorded on another job's profile (a history entry of kind
 * "application") becomes a real application in that job's Applied column, at its time, with the resume
 * sent with it and its reference; the entry stays in the profile's history. The candidates' counts are
 * recounted, and the pipeline analytics emptied so that the app rebuilds them when it starts.
 *
 * Resumable: each step skips what an earlier, interrupted run did.
 */

/** The person's own columns, as `candidates` and `people` both name them. */
const PERSON_COLUMNS = [
  'name',
  'email',
  'phone',
  'phone_key',
  'experience',
  'current_company',
  'current_ctc',
  'expected_ctc',
  'notice_period',
  'current_location',
  'preferred_location',
  'resume_url',
  'image_url',
] as const;

/** Rows one statement names (ids in an IN list, or rows of an INSERT). */
const BATCH = 2000;

const isMysql = (knex: Knex) => knex.client.config.client === 'mysql2';

export async function up(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable('people'))) {
    await knex.schema.createTable('people', (t) => {
      t.increments('id').primary();
      // Names the rows of one INSERT when the database numbers them out of order (insertReturningIds).
      t.string('uuid', 36).notNullable().unique();
      t.string('name', 100).notNullable();
      t.string('email', 254).notNullable();
      t.string('phone', 20).notNullable();
      t.string('phone_key', 20).notNullable().defaultTo('');
      t.decimal('experience', 4, 1).notNullable().defaultTo(0);
      t.string('current_company', 150).nullable();
      t.decimal('current_ctc', 8, 2).nullable();
      t.decimal('expected_ctc', 8, 2).nullable();
      t.integer('notice_period').nullable();
      t.string('current_location', 150).nullable();
      t.string('preferred_location', 150).nullable();
      t.string('resume_url', 500).nullable();
      t.string('image_url', 500).nullable();
      t.text('notes').nullable();
      t.integer('version').notNullable().defaultTo(1);
      t.dateTime('created_at').notNullable();
      t.dateTime('updated_at').notNullable();
      t.index(['email']);
      t.index(['phone_key']);
      t.index(['name']);
      t.index(['updated_at']);
    });
  }
  // What each change of a person changed (who, when, which fields): a stale edit of the person is refused
  // with them, as a candidate's is with candidate_changes.
  if (!(await knex.schema.hasTable('person_changes'))) {
    await knex.schema.createTable('person_changes', (t) => {
      t.increments('id').primary();
      t.integer('person_id').unsigned().notNullable().references('people.id').onDelete('CASCADE');
      t.integer('version').notNullable();
      t.integer('changed_by_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
      t.text('fields').notNullable();
      t.dateTime('changed_at').notNullable();
      t.index(['person_id', 'version']);
    });
  }
  // Two people merged into one, kept so that an admin can see who merged whom and undo it: the rows as
  // they were (`record`, JSON: both people, the applications moved), and when it was undone.
  if (!(await knex.schema.hasTable('person_merges'))) {
    await knex.schema.createTable('person_merges', (t) => {
      t.increments('id').primary();
      t.integer('person_id').unsigned().notNullable();
      t.integer('other_id').unsigned().notNullable();
      t.integer('merged_by_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
      t.dateTime('merged_at').notNullable();
      t.integer('undone_by_id').unsigned().nullable().references('users.id').onDelete('SET NULL');
      t.dateTime('undone_at').nullable();
      t.text('record', 'mediumtext').notNullable();
      t.index(['person_id']);
      t.index(['other_id']);
    });
  }
  if (!(await knex.schema.hasColumn('candidates', 'person_id'))) {
    // On SQLite, knex adds a column with a foreign key by copying the table into a new one and dropping
    // the old, whose ON DELETE CASCADE would take every candidate's history, words and changes with it:
    // SQLite's own ALTER TABLE … ADD COLUMN … REFERENCES keeps the rows where they are.
    if (isMysql(knex))
      await knex.schema.alterTable('candidates', (t) => {
        t.integer('person_id').unsigned().nullable().references('people.id');
      });
    else await knex.raw('ALTER TABLE candidates ADD COLUMN person_id integer NULL REFERENCES people(id)');
    await knex.schema.alterTable('candidates', (t) => {
      // NULLs never collide: rows not yet given a person (this migration, resumed) pass.
      t.unique(['person_id', 'job_id'], { indexName: 'candidates_person_job_unique' });
    });
  }
  await groupPeople(knex);
  const converted = await convertRecordedApplications(knex);
  if (converted > 0) await recountAfterConversion(knex);
}

type GroupRow = {
  id: number | string;
  email: string;
  phone_key: string | null;
  job_id: number | string;
  updated_at: Date | string;
  person_id: number | string | null;
};

/** The candidates grouped into people (see the file's comment); writes people and `person_id`. */
async function groupPeople(knex: Knex): Promise<void> {
  const pending = await knex('candidates').whereNull('person_id').first('id');
  if (!pending) return;
  const rows: GroupRow[] = [];
  for (let last = 0; ;) {
    const page: GroupRow[] = await knex('candidates')
      .where('id', '>', last)
      .orderBy('id')
      .limit(50_000)
      .select('id', 'email', 'phone_key', 'job_id', 'updated_at', 'person_id');
    if (page.length === 0) break;
    rows.push(...page);
    last = Number(page[page.length - 1]!.id);
  }
  // Union-find over the rows, joined by a shared e-mail or phone key.
  const parent = rows.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const firstWith = new Map<string, number>();
  rows.forEach((row, i) => {
    for (const key of [row.email && `e:${row.email}`, row.phone_key && `p:${row.phone_key}`]) {
      if (!key) continue;
      const seen = firstWith.get(key);
      if (seen === undefined) firstWith.set(key, i);
      else parent[find(i)] = find(seen);
    }
  });
  const groups = new Map<number, number[]>();
  rows.forEach((_, i) => {
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(i);
    else groups.set(root, [i]);
  });

  /** People to create from one row (its id becomes theirs), and rows to point at a person. */
  const fromRow: number[] = [];
  const pointAt = new Map<number, number[]>();
  const time = (row: GroupRow) => new Date(row.updated_at).getTime();
  for (const members of groups.values()) {
    // The most recently changed first: it gives its person's fields.
    const sorted = members
      .map((i) => rows[i]!)
      .sort((a, b) => time(b) - time(a) || Number(b.id) - Number(a.id));
    const people: { id: number; jobs: Set<string>; keys: Set<string> }[] = [];
    for (const row of sorted) {
      const keys = [row.email && `e:${row.email}`, row.phone_key && `p:${row.phone_key}`].filter(
        Boolean,
      ) as string[];
      const job = String(row.job_id);
      let person = people.find((p) => !p.jobs.has(job) && keys.some((k) => p.keys.has(k)));
      if (!person) {
        const id = row.person_id === null ? Number(row.id) : Number(row.person_id);
        person = { id, jobs: new Set(), keys: new Set() };
        people.push(person);
        if (row.person_id === null) fromRow.push(id);
      }
      person.jobs.add(job);
      for (const k of keys) person.keys.add(k);
      if (row.person_id === null) {
        const list = pointAt.get(person.id);
        if (list) list.push(Number(row.id));
        else pointAt.set(person.id, [Number(row.id)]);
      }
    }
  }
  const columns = PERSON_COLUMNS.join(', ');
  for (let i = 0; i < fromRow.length; i += BATCH) {
    const ids = fromRow.slice(i, i + BATCH);
    await knex.raw(
      `INSERT INTO people (id, uuid, ${columns}, notes, version, created_at, updated_at)
       SELECT id, uuid, ${columns}, NULL, 1, created_at, updated_at FROM candidates
       WHERE id IN (${ids.map(() => '?').join(', ')})
         AND NOT EXISTS (SELECT 1 FROM people p WHERE p.id = candidates.id)`,
      ids,
    );
  }
  // A person of one row (nearly all) points at itself in one statement per batch.
  const alone: number[] = [];
  const shared: [number, number[]][] = [];
  for (const [personId, ids] of pointAt) {
    if (ids.length === 1 && ids[0] === personId) alone.push(personId);
    else shared.push([personId, ids]);
  }
  for (let i = 0; i < alone.length; i += BATCH) {
    await knex('candidates')
      .whereIn('id', alone.slice(i, i + BATCH))
      .update({ person_id: knex.ref('id') });
  }
  // The rest, BATCH rows a statement (a CASE per row): one statement per person was 300,000 statements,
  // each its own commit, for a million candidates on MySQL.
  const rowsOfShared = shared.flatMap(([personId, ids]) => ids.map((id) => [id, personId] as const));
  for (let i = 0; i < rowsOfShared.length; i += BATCH) {
    const part = rowsOfShared.slice(i, i + BATCH);
    await knex.raw(
      `UPDATE candidates SET person_id = CASE id ${part.map(() => 'WHEN ? THEN ?').join(' ')} END
       WHERE id IN (${part.map(() => '?').join(', ')})`,
      [...part.flat(), ...part.map(([id]) => id)],
    );
  }
}

type RecordedApplication = {
  id: number | string;
  job_id: number | string;
  resume_url: string | null;
  application_reference: string | null;
  changed_at: Date | string;
  person_id: number | string;
};

/**
 * The careers applications recorded on another job's profile become applications of that job; returns how
 * many were made. An entry for a job the person already has an application in stays a history entry.
 */
async function convertRecordedApplications(knex: Knex): Promise<number> {
  const entries: RecordedApplication[] = await knex('candidate_history as h')
    .join('candidates as c', 'c.id', 'h.candidate_id')
    .where('h.kind', 'application')
    .whereNotNull('h.job_id')
    .whereRaw('h.job_id <> c.job_id')
    .orderBy('h.id')
    .select('h.id', 'h.job_id', 'h.resume_url', 'h.application_reference', 'h.changed_at', 'c.person_id');
  let made = 0;
  for (const entry of entries) {
    const jobId = Number(entry.job_id);
    const personId = Number(entry.person_id);
    const already = await knex('candidates').where({ person_id: personId, job_id: jobId }).first('id');
    if (already) continue;
    const person = await knex('people')
      .where({ id: personId })
      .first(...PERSON_COLUMNS);
    const last = (await knex('candidates')
      .where({ job_id: jobId, status: 'applied' })
      .max('position as position')
      .first()) as { position: string | null } | undefined;
    const at = new Date(entry.changed_at);
    const [id] = await knex('candidates').insert({
      ...person,
      // The resume sent with this application is this application's.
      resume_url: entry.resume_url ?? person.resume_url,
      uuid: randomUUID(),
      person_id: personId,
      job_id: jobId,
      status: 'applied',
      // The careers pages' source, as the app writes it.
      source: 'Careers page',
      application_reference: entry.application_reference,
      position: generateKeyBetween(last?.position || null, null),
      stage_entered_at: at,
      shared_with_client: false,
      version: 1,
      created_at: at,
      updated_at: at,
    });
    const candidateId = Number(id);
    await knex('candidate_history').insert({
      candidate_id: candidateId,
      from_status: null,
      to_status: 'applied',
      changed_by_id: null,
      changed_at: at,
      kind: 'status',
    });
    await knex.raw(
      `INSERT INTO candidate_words (word, candidate_id)
       SELECT w.word, ? FROM candidate_words w
       JOIN candidates c ON c.id = w.candidate_id AND c.person_id = ?
       WHERE c.id = (SELECT MIN(id) FROM candidates WHERE person_id = ? AND id <> ?)`,
      [candidateId, personId, personId, candidateId],
    );
    made += 1;
  }
  return made;
}

/**
 * The kept counts recounted from the candidates (as the tables' own migrations filled them), and the
 * pipeline analytics emptied: the app rebuilds them from the candidates and their history when it starts.
 */
async function recountAfterConversion(knex: Knex): Promise<void> {
  const block = isMysql(knex) ? 'id DIV 1024' : 'id / 1024';
  await knex('candidate_counts').delete();
  await knex.raw(
    'INSERT INTO candidate_counts (job_id, status, source, n) SELECT job_id, status, source, COUNT(*) FROM candidates GROUP BY job_id, status, source',
  );
  await knex('candidate_id_blocks').delete();
  await knex.raw(
    `INSERT INTO candidate_id_blocks (block, n) SELECT ${block}, COUNT(*) FROM candidates GROUP BY ${block}`,
  );
  await knex('analytics_candidates').delete();
}

/** The applications this migration made from recorded ones: those whose reference is a history entry's. */
const convertedApplications = (knex: Knex) =>
  knex('candidates as c')
    .join('candidate_history as h', function () {
      this.on('h.application_reference', 'c.application_reference')
        .andOnVal('h.kind', 'application')
        .andOn('h.candidate_id', '<>', 'c.id');
    })
    .select('c.id');

export async function down(knex: Knex): Promise<void> {
  const ids = (await convertedApplications(knex)).map((r: { id: number | string }) => Number(r.id));
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    for (const table of ['candidate_words', 'candidate_history', 'candidate_changes', 'analytics_candidates'])
      await knex(table).whereIn('candidate_id', batch).delete();
    await knex('notifications').whereIn('candidate_id', batch).delete();
    await knex('candidates').whereIn('id', batch).delete();
  }
  if (ids.length > 0) await recountAfterConversion(knex);
  // MySQL: the foreign key before the index it uses. SQLite drops the column in place (3.35+); knex's own
  // way there copies the table (see `up`).
  if (isMysql(knex)) await knex.schema.alterTable('candidates', (t) => t.dropForeign(['person_id']));
  await knex.schema.alterTable('candidates', (t) => {
    t.dropUnique(['person_id', 'job_id'], 'candidates_person_job_unique');
  });
  if (isMysql(knex)) await knex.schema.alterTable('candidates', (t) => t.dropColumn('person_id'));
  else await knex.raw('ALTER TABLE candidates DROP COLUMN person_id');
  await knex.schema.dropTable('person_merges');
  await knex.schema.dropTable('person_changes');
  await knex.schema.dropTable('people');
}
