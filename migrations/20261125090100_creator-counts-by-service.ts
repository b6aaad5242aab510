import type { Knex } from 'knex';

const isMysql = (knex: Knex) => knex.client.config.client === 'mysql2';

/** The triggers this migration retires, as the migration that made them wrote them (a frozen copy: `down` restores them). */
const TRIGGERS = [
  'candidate_creator_counts_insert',
  'candidate_creator_counts_update',
  'candidate_creator_counts_delete',
];

function triggerSql(knex: Knex): string[] {
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

const recount = async (knex: Knex) => {
  await knex('candidate_creator_counts').delete();
  await knex.raw(
    'INSERT INTO candidate_creator_counts (created_by_id, status, n) SELECT created_by_id, status, COUNT(*) ' +
      'FROM candidates WHERE created_by_id IS NOT NULL GROUP BY created_by_id, status',
  );
};

/**
 * Each user's counts (`candidate_creator_counts`) are kept by the candidates service, in the same upsert
 * as the firm-wide `candidate_counts` (counts.ts, bumpCounts), rather than by triggers: one way of keeping
 * counts, and a bulk import of 5,000 rows no longer runs 5,000 trigger upserts of the same row (about a
 * tenth of its time on MySQL). Recounted here, so that they start from the truth.
 */
export async function up(knex: Knex): Promise<void> {
  for (const name of TRIGGERS) await knex.raw(`DROP TRIGGER IF EXISTS ${name}`);
  await recount(knex);
}

export async function down(knex: Knex): Promise<void> {
  await recount(knex);
  for (const sql of triggerSql(knex)) await knex.raw(sql);
}
