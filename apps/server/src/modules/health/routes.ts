import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ReadyBody } from '@portal/contracts';
import { takesWrites } from '../../db/dialect.ts';
import { UNAVAILABLE_RETRY_SECONDS } from '../../errors.ts';
import { tagRoutes } from '../../plugins/openapi.ts';

/** How long readiness waits for each part before calling it down. */
const CHECK_TIMEOUT_MS = 2000;

/** What `work` resolves to when it does within the time limit; false when it fails or takes longer. */
async function answers<T>(work: () => Promise<T>): Promise<T | false> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work(), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For a load balancer: `/api/health` says the process is up (it never touches the database);
 * `/api/ready` says it can serve, i.e. the database takes writes, and Redis answers when configured.
 */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Health');
  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Is the process up',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        summary: 'Can the app serve (the database takes writes, Redis answers)',
        response: { 200: ReadyBody, 503: ReadyBody },
      },
    },
    async (_request, reply) => {
      const redis = app.redis;
      // A database that answers but cannot take a write (another process holds SQLite's lock) is not ready:
      // every form would wait and then answer 503.
      const writable = await answers(async () =>
        (await takesWrites(app.db)) ? ('ok' as const) : ('locked' as const),
      );
      const database = writable === false ? ('down' as const) : writable;
      const redisUp = redis ? await answers(async () => (await redis.ping(), true)) : null;
      const checks = {
        database,
        redis: redisUp === null ? ('not configured' as const) : redisUp ? ('ok' as const) : ('down' as const),
      };
      if (database === 'ok' && redisUp !== false) return { status: 'ready' as const, checks };
      return reply
        .status(503)
        .header('retry-after', UNAVAILABLE_RETRY_SECONDS)
        .send({ status: 'unavailable' as const, checks });
    },
  );
};
export default healthRoutes;
