import type { Knex } from 'knex';
import type { FastifyBaseLogger } from 'fastify';

const DEMO_SKILLS: [string, string][] = [
  ['JavaScript', 'The language of the web'],
  ['React', 'Component-based user interfaces'],
  ['Node.js', 'JavaScript on the server'],
  ['Python', 'General-purpose programming'],
  ['Java', 'Enterprise applications'],
  ['SQL', 'Relational databases'],
  ['AWS', 'Amazon Web Services'],
  ['Docker', 'Containers'],
  ['TypeScript', 'Typed JavaScript'],
  ['Spring', 'Java application framework'],
  ['Kubernetes', 'Container orchestration'],
];

/** Demo data for a first look (SEED_DEMO=1). Idempotent: rows that exist are left alone. */
export async function seedDemoData(db: Knex, log: Pick<FastifyBaseLogger, 'info'>) {
  const now = new Date();
  const existing = new Set(((await db('skills').pluck('name')) as string[]).map((n) => n.toLowerCase()));
  const rows = DEMO_SKILLS.filter(([name]) => !existing.has(name.toLowerCase())).map(
    ([name, description]) => ({
      name,
      description,
      status: 'active',
      created_at: now,
      updated_at: now,
    }),
  );
  if (rows.length > 0) await db('skills').insert(rows);
  log.info({ skills: rows.length }, 'demo data seeded');
}
