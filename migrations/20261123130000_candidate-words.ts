import type { Knex } from 'knex';

const isMysql = (knex: Knex) => knex.client.config.client === 'mysql2';

/**
 * A name's distinct words, lower-cased, as the search splits them when this migration was written (a frozen
 * copy: the app's own splitting may change later without changing what this migration does).
 */
const nameWords = (name: string): string[] => [
  ...new Set(
    name
      .normalize('NFKC')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .map((w) => w.slice(0, 100)),
  ),
];

/**
 * The words of each candidate's name, indexed, for the name search: a word, or the start of one,
 * is a range of this table's primary key, however many candidates there are. It replaces the FULLTEXT
 * index, whose word-prefix lookups cost seconds at 1,000,000 rows on MariaDB. Filled from the names stored.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('candidate_words', (t) => {
    t.string('word', 100).notNullable();
    t.integer('candidate_id').unsigned().notNullable().references('candidates.id').onDelete('CASCADE');
    t.primary(['word', 'candidate_id']);
    t.index(['candidate_id']);
  });
  await indexStoredNames(knex);
  if (isMysql(knex)) await knex.raw('DROP INDEX candidates_search_fulltext ON candidates');
}

/** Indexes the names of the stored candidates, a thousand at a time in id order. */
async function indexStoredNames(knex: Knex): Promise<void> {
  let last = 0;
  for (;;) {
    const rows = (await knex('candidates')
      .where('id', '>', last)
      .orderBy('id')
      .limit(1000)
      .select('id', 'name')) as { id: number | string; name: string }[];
    if (rows.length === 0) return;
    const words = rows.flatMap((r) =>
      nameWords(String(r.name)).map((word) => ({ word, candidate_id: Number(r.id) })),
    );
    for (let i = 0; i < words.length; i += 500) await knex('candidate_words').insert(words.slice(i, i + 500));
    last = Number(rows[rows.length - 1]!.id);
  }
}

export async function down(knex: Knex): Promise<void> {
  if (isMysql(knex)) {
    await knex.raw('SET SESSION innodb_ft_enable_stopword = OFF');
    await knex.raw('CREATE FULLTEXT INDEX candidates_search_fulltext ON candidates (name, email, phone)');
  }
  await knex.schema.dropTable('candidate_words');
}
