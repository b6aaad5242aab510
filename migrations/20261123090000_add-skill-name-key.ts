import type { Knex } from 'knex';

/**
 * Skill names are unique whatever their case, for every alphabet: "Ärger" and "ärger" are one skill.
 * SQLite's LOWER() and NOCASE fold ASCII only, so the folded name is kept in its own column under a
 * unique index, the same on both databases. The folding is written out here (not imported) so that
 * this migration never changes after it lands; the service folds names the same way (`nameKey`).
 */
const fold = (name: string) => name.trim().normalize('NFKC').toLowerCase();

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('skills', (t) => {
    t.string('name_key', 100).nullable();
  });
  const rows = (await knex('skills').select('id', 'name').orderBy('id')) as { id: number; name: string }[];
  const seen = new Set<string>();
  for (const row of rows) {
    // Two skills that only differed by case before: the later one keeps a key of its own (its id).
    let key = fold(row.name);
    if (seen.has(key)) key = `${key}#${row.id}`.slice(-100);
    seen.add(key);
    await knex('skills').where({ id: row.id }).update({ name_key: key });
  }
  await knex.schema.alterTable('skills', (t) => {
    t.unique(['name_key']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('skills', (t) => {
    t.dropUnique(['name_key']);
  });
  await knex.schema.alterTable('skills', (t) => {
    t.dropColumn('name_key');
  });
}
