import type { Knex } from 'knex';

const isMysql = (knex: Knex) => knex.client.config.client === 'mysql2';

/**
 * The dashboards' figures at any size (issue 10: 1,000,000 candidates, p50 under 100 ms): how many
 * candidates have each status, each source, and each status per creator (an employee's own figures),
 * kept by triggers in the same transaction as every insert, update and delete of a candidate. A dashboard
 * reads a few rows instead of counting the table, and a rolled-back change leaves the counts as they were.
 * (Rows whose creator is later set to NULL by a user's deletion keep their old creator's count; users are
 * kept when deleted, so that does not happen in the product.)
 */
const TRIGGERS = ['candidate_counts_insert', 'candidate_counts_update', 'candidate_counts_delete'];

/** Each counted dimension: the value it counts for a row (`R` is NEW or OLD), and when the row has one. */
const dimensions = (knex: Knex) => [
  { name: 'status', value: (r: string) => `${r}.status`, when: () => '1 = 1' },
  { name: 'source', value: (r: string) => `${r}.source`, when: () => '1 = 1' },
  {
    name: 'creator',
    value: (r: string) =>
      isMysql(knex)
        ? `CONCAT(${r}.created_by_id, ':', ${r}.status)`
        : `${r}.created_by_id || ':' || ${r}.status`,
    when: (r: string) => `${r}.created_by_id IS NOT NULL`,
  },
];

function triggerSql(knex: Knex): string[] {
  const upsert = isMysql(knex)
    ? 'ON DUPLICATE KEY UPDATE n = n + VALUES(n)'
    : 'ON CONFLICT (dimension, value) DO UPDATE SET n = n + excluded.n';
  // One statement per dimension and row image; the WHERE skips a row without a value.
  const count = (row: 'NEW' | 'OLD', delta: 1 | -1) =>
    dimensions(knex)
      .map(
        (d) =>
          `INSERT INTO candidate_counts (dimension, value, n) SELECT '${d.name}', ${d.value(row)}, ${delta} ` +
          `FROM (SELECT 1 AS one) AS one WHERE ${d.when(row)} ${upsert};`,
      )
      .join(' ');
  const changed =
    'OLD.status <> NEW.status OR OLD.source <> NEW.source OR ' +
    'COALESCE(OLD.created_by_id, 0) <> COALESCE(NEW.created_by_id, 0)';
  if (isMysql(knex)) {
    return [
      `CREATE TRIGGER candidate_counts_insert AFTER INSERT ON candidates FOR EACH ROW BEGIN ${count('NEW', 1)} END`,
      `CREATE TRIGGER candidate_counts_update AFTER UPDATE ON candidates FOR EACH ROW BEGIN ` +
        `IF ${changed} THEN ${count('OLD', -1)} ${count('NEW', 1)} END IF; END`,
      `CREATE TRIGGER candidate_counts_delete AFTER DELETE ON candidates FOR EACH ROW BEGIN ${count('OLD', -1)} END`,
    ];
  }
  return [
    `CREATE TRIGGER candidate_counts_insert AFTER INSERT ON candidates BEGIN ${count('NEW', 1)} END`,
    `CREATE TRIGGER candidate_counts_update AFTER UPDATE OF status, source, created_by_id ON candidates ` +
      `WHEN ${changed} BEGIN ${count('OLD', -1)} ${count('NEW', 1)} END`,
    `CREATE TRIGGER candidate_counts_delete AFTER DELETE ON candidates BEGIN ${count('OLD', -1)} END`,
  ];
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('candidate_counts', (t) => {
    /** `status`, `source` or `creator` (value `<user id>:<status>`). */
    t.string('dimension', 10).notNullable();
    t.string('value', 40).notNullable();
    t.integer('n').notNullable().defaultTo(0);
    t.primary(['dimension', 'value']);
  });
  // What is there already, counted once.
  for (const d of dimensions(knex)) {
    await knex.raw(
      `INSERT INTO candidate_counts (dimension, value, n) SELECT '${d.name}', ${d.value('c')}, COUNT(*) ` +
        `FROM candidates c WHERE ${d.when('c')} GROUP BY ${d.value('c')}`,
    );
  }
  for (const sql of triggerSql(knex)) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  for (const name of TRIGGERS) await knex.raw(`DROP TRIGGER IF EXISTS ${name}`);
  await knex.schema.dropTable('candidate_counts');
}
