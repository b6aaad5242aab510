import type { Knex } from 'knex';

/**
 * Rejection details (a JSON text on candidates) named the rejecter only by username; screens show people by
 * name, so each rejection now keeps `rejected_by_name` beside it. This fills it in for rejections stored
 * before, from the user the username belongs to (no name when that user is gone). Data only: the column
 * stays as it was.
 */
export async function up(knex: Knex): Promise<void> {
  const rows = (await knex('candidates')
    .whereNotNull('rejection_details')
    .select('id', 'rejection_details')) as { id: number; rejection_details: string }[];
  const names = new Map<string, string>();
  for (const u of (await knex('users').select('username', 'name')) as { username: string; name: string }[]) {
    names.set(u.username, u.name);
  }
  for (const row of rows) {
    let details: Record<string, unknown>;
    try {
      details = JSON.parse(String(row.rejection_details)) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (!details || typeof details !== 'object' || 'rejected_by_name' in details) continue;
    const by = typeof details.rejected_by === 'string' ? details.rejected_by : null;
    details.rejected_by_name = (by !== null && names.get(by)) || null;
    await knex('candidates')
      .where({ id: row.id })
      .update({ rejection_details: JSON.stringify(details) });
  }
}

export async function down(knex: Knex): Promise<void> {
  const rows = (await knex('candidates')
    .whereNotNull('rejection_details')
    .select('id', 'rejection_details')) as { id: number; rejection_details: string }[];
  for (const row of rows) {
    let details: Record<string, unknown>;
    try {
      details = JSON.parse(String(row.rejection_details)) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (!details || typeof details !== 'object' || !('rejected_by_name' in details)) continue;
    delete details.rejected_by_name;
    await knex('candidates')
      .where({ id: row.id })
      .update({ rejection_details: JSON.stringify(details) });
  }
}
