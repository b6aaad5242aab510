import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ReadyBody } from '@portal/contracts';
import { UNAVAILABLE_RETRY_SECONDS } from '../../errors.ts';
import { tagRoutes } from '../../plugins/openapi.ts';

/** How long readiness waits for each part before calling it down. */
const CHECK_TIMEOUT_MS = 2000;

/** Resolves true when `work` succeeds within the time limit, false otherwise. */
async function answers(work: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work().then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * For a load balancer: `/api/health` says the process is up (it never touches the database);
 * `/api/ready` says it can serve, i.e. the database answers, and Redis too when configured.
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
        summary: 'Can the app serve (database and Redis answer)',
        response: { 200: ReadyBody, 503: ReadyBody },
      },
    },
    async (_request, reply) => {
      const redis = app.redis;
      const database = await answers(() => app.db.raw('select 1'));
      const redisUp = redis ? await answers(() => redis.ping()) : null;
      const checks = {
        database: database ? ('ok' as const) : ('down' as const),
        redis: redisUp === null ? ('not configured' as const) : redisUp ? ('ok' as const) : ('down' as const),
      };
      if (database && redisUp !== false) return { status: 'ready' as const, checks };
      return reply
        .status(503)
        .header('retry-after', UNAVAILABLE_RETRY_SECONDS)
        .send({ status: 'unavailable' as const, checks });
    },
  );
};
export default healthRoutes;
