import type { Knex } from 'knex';

const isMysql = (knex: Knex) => knex.client.config.client === 'mysql2';

/**
 * An employee's own dashboard figures at any size: how many of the candidates each user added
 * have each status, kept by triggers in the same transaction as every insert, update and delete of a
 * candidate (whichever code path writes it), so that the employee dashboard reads a handful of rows.
 * Since migration creator-counts-by-service the candidates service keeps them, as it keeps the others. The
 * firm-wide figures come from `candidate_counts` (per job, status and source), kept by the candidates
 * service. A creator set to NULL by a user's deletion is not seen by triggers on MySQL (foreign-key
 * actions fire none); users are kept when deleted, so that does not happen in the product.
 */
export const TRIGGERS = [
  'candidate_creator_counts_insert',
  'candidate_creator_counts_update',
  'candidate_creator_counts_delete',
];

export function triggerSql(knex: Knex): string[] {
  const upsert = isMysql(knex)
    ? 'ON DUPLICATE KEY UPDATE n = n + VALUES(n)'
    : 'ON CONFLICT (created_by_id, status) DO UPDATE SET n = n + excluded.n';
  // The WHERE skips a candidate without a creator (and lets SQLite read ON CONFLICT as the upsert).
  const count = (row: 'NEW' | 'OLD', delta: 1 | -1) =>
    `INSERT INTO candidate_creator_counts (created_by_id, status, n) ` +
    `SELECT ${row}.created_by_id, ${row}.status, ${delta} FROM (SELECT 1 AS one) AS one ` +
    `WHERE ${row}.created_by_id IS NOT NULL ${upsert};`;
  const changed =
    'OLD.status <> NEW.status OR COALESCE(OLD.created_by_id, 0) <> COALESCE(NEW.created_by_id, 0)';
  if (isMysql(knex)) {
    return [
      `CREATE TRIGGER candidate_creator_counts_insert AFTER INSERT ON candidates FOR EACH ROW BEGIN ${count('NEW', 1)} END`,
      `CREATE TRIGGER candidate_creator_counts_update AFTER UPDATE ON candidates FOR EACH ROW BEGIN ` +
        `IF ${changed} THEN ${count('OLD', -1)} ${count('NEW', 1)} END IF; END`,
      `CREATE TRIGGER candidate_creator_counts_delete AFTER DELETE ON candidates FOR EACH ROW BEGIN ${count('OLD', -1)} END`,
    ];
  }
  return [
    `CREATE TRIGGER candidate_creator_counts_insert AFTER INSERT ON candidates BEGIN ${count('NEW', 1)} END`,
    `CREATE TRIGGER candidate_creator_counts_update AFTER UPDATE OF status, created_by_id ON candidates ` +
      `WHEN ${changed} BEGIN ${count('OLD', -1)} ${count('NEW', 1)} END`,
    `CREATE TRIGGER candidate_creator_counts_delete AFTER DELETE ON candidates BEGIN ${count('OLD', -1)} END`,
  ];
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('candidate_creator_counts', (t) => {
    t.integer('created_by_id').unsigned().notNullable();
    t.string('status', 20).notNullable();
    t.integer('n').notNullable().defaultTo(0);
    t.primary(['created_by_id', 'status']);
  });
  await knex.raw(
    'INSERT INTO candidate_creator_counts (created_by_id, status, n) SELECT created_by_id, status, COUNT(*) ' +
      'FROM candidates WHERE created_by_id IS NOT NULL GROUP BY created_by_id, status',
  );
  for (const sql of triggerSql(knex)) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  for (const name of TRIGGERS) await knex.raw(`DROP TRIGGER IF EXISTS ${name}`);
  await knex.schema.dropTable('candidate_creator_counts');
}
