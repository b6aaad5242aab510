import type { Knex } from 'knex';

/** Inserts `count` skills in batches (names unique: "Skill 1" … "Skill N"). */
export async function seedSkills(db: Knex, count: number) {
  const now = new Date();
  const batch = 500;
  for (let start = 0; start < count; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      rows.push({
        name: `Skill ${i + 1}`,
        description: `Benchmark skill number ${i + 1}`,
        status: i % 7 ? 'active' : 'inactive',
        created_at: now,
        updated_at: now,
      });
    }
    await db('skills').insert(rows);
  }
}
