import { formatCount } from '@portal/contracts';
import { loadConfig } from '../config.ts';
import { createDb, migrateToLatest } from '../db/connection.ts';
import { rebuildAnalytics } from '../modules/analytics/aggregates.ts';

/**
 * `npm run analytics:rebuild`: recomputes the pipeline figures (analytics_candidates, analytics_daily)
 * from the candidates and their history, against DATABASE_URL. The app keeps them with every change; run
 * this after writing candidates or history around the app (an import straight into the database).
 */
const config = loadConfig();
const db = createDb(config.DATABASE_URL);
try {
  await migrateToLatest(db);
  const start = performance.now();
  const { candidates } = await rebuildAnalytics(db);
  console.log(
    `Pipeline analytics rebuilt from ${formatCount(candidates)} candidates in ${((performance.now() - start) / 1000).toFixed(1)} s`,
  );
} finally {
  await db.destroy();
}
