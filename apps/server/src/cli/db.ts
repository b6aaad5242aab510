import { loadConfig } from '../config.ts';
import { createDb, migrateToLatest, recordRenamedMigrations } from '../db/connection.ts';
import { prepareDatabase } from '../seed/bootstrap.ts';
import { seedDemoData } from '../seed/demo-seed.ts';
import { createEventBus, createUnitOfWorkRunner } from '../events.ts';
import { createLedgerService } from '../modules/ledger/service.ts';
import { createUserService } from '../modules/users/service.ts';

/** `npm run db:migrate | db:rollback | db:seed` against DATABASE_URL. */
const command = process.argv[2];
const config = loadConfig();
const db = createDb(config.DATABASE_URL);
const log = { info: (o: object, m?: string) => console.log(m ?? '', JSON.stringify(o)), warn: console.warn };
try {
  if (command === 'migrate') {
    const applied = await migrateToLatest(db);
    console.log(
      applied.length
        ? `Applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}`
        : 'Already up to date',
    );
  } else if (command === 'rollback') {
    await recordRenamedMigrations(db);
    const [, undone] = (await db.migrate.rollback()) as [number, string[]];
    console.log(
      undone.length
        ? `Rolled back ${undone.length} migration(s):\n  ${undone.join('\n  ')}`
        : 'Nothing to roll back',
    );
  } else if (command === 'seed') {
    const inUnitOfWork = createUnitOfWorkRunner(db, createEventBus());
    const { purchaseLedger } = createLedgerService({ db, inUnitOfWork });
    await prepareDatabase(
      db,
      config,
      createUserService({ db, inUnitOfWork, purchases: purchaseLedger }),
      log,
    );
    if (config.SEED_DEMO === '1') await seedDemoData(db, log);
    else console.log('First admin ensured; set SEED_DEMO=1 for demo data');
  } else {
    console.error('usage: db.ts migrate | rollback | seed');
    process.exitCode = 2;
  }
} finally {
  await db.destroy();
}
