import { REDACTED_PATHS, buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDb } from './db/connection.ts';
import { prepareDatabase } from './seed/bootstrap.ts';
import { seedDemoData } from './seed/demo-seed.ts';
import { createAppLogger } from './lib/logger.ts';

/** How long a shutdown may take: requests in flight get this long to finish. */
const SHUTDOWN_MS = 10_000;

/** Writes out what the logger still holds (pino buffers when its destination is asynchronous). */
const flushLog = (log: unknown) =>
  new Promise<void>((done) => {
    const { flush } = log as { flush?: (cb: () => void) => void };
    if (typeof flush === 'function') flush.call(log, () => done());
    else done();
  });

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

  // SIGTERM (docker stop, a rolling restart): no new connections; sockets are told to reconnect, which
  // takes them to another node; requests in flight finish; then the pools close and the log is written out.
  // Whatever is still running after SHUTDOWN_MS ends with the process.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; stopping now');
      flushLog(app.log).finally(() => process.exit(1));
    }, SHUTDOWN_MS).unref();
    let code = 0;
    try {
      await app.close();
      await db.destroy();
      app.log.info('shut down');
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      code = 1;
    }
    clearTimeout(force);
    await flushLog(app.log);
    process.exit(code);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
