import { REDACTED_PATHS, buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDb } from './db/connection.ts';
import { prepareDatabase } from './seed/bootstrap.ts';
import { seedDemoData } from './seed/demo-seed.ts';
import { createAppLogger } from './lib/logger.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const db = createDb(config.DATABASE_URL);
  const appLogger = createAppLogger({ level: config.LOG_LEVEL, redact: REDACTED_PATHS });
  // The log is written asynchronously: what is still buffered goes out however the process ends
  // (a signal, the forced exit below, a failed start), or the last lines, often the telling ones, are lost.
  process.on('exit', () => appLogger.flush());
  const app = await buildApp({ config, db, loggerInstance: appLogger.logger });
  await prepareDatabase(db, config, app.services.users, app.log);
  if (config.SEED_DEMO === '1') await seedDemoData(db, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await db.destroy();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
