import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import { migrateToLatest } from '../db/connection.ts';
import type { UserService } from '../modules/users/service.ts';
import { needsRebuild, rebuildAnalytics } from '../modules/analytics/aggregates.ts';

/** Migrates (counting the pipeline figures of candidates not yet counted), then on an empty database creates the first admin (printing a generated password once). */
export async function prepareDatabase(
  db: Knex,
  config: Config,
  users: UserService,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
) {
  const applied = await migrateToLatest(db);
  if (applied.length > 0) log.info({ migrations: applied.length }, 'database migrated');
  // A database from before the pipeline figures were kept: count its candidates once.
  if (await needsRebuild(db)) log.info(await rebuildAnalytics(db), 'pipeline analytics rebuilt');
  if ((await users.countUsers()) > 0) return;
  const generated = !config.ADMIN_PASSWORD;
  const password = config.ADMIN_PASSWORD ?? randomBytes(9).toString('base64url');
  await users.createUser({
    name: 'Administrator',
    username: config.ADMIN_USERNAME,
    email: `${config.ADMIN_USERNAME}@portal.local`,
    password,
    role: 'admin',
    permissions: { type: 'Full', permissions: ['create', 'read', 'update', 'delete'] },
  });
  if (generated) {
    // Printed once, on purpose, so the person who started the app can sign in; it is never stored in clear.
    console.log(
      `\n  First admin created: username "${config.ADMIN_USERNAME}", password "${password}"\n  (set ADMIN_PASSWORD to choose it yourself)\n`,
    );
  } else {
    log.info({ username: config.ADMIN_USERNAME }, 'first admin created');
  }
}
