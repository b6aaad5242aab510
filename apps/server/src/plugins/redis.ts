import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared Redis when `REDIS_URL` is set (counters, Socket.IO fan-out); null on a single node. */
    redis: Redis | null;
  }
}

/** How long start-up waits for Redis before going on (readiness then reports it). */
const CONNECT_WAIT_MS = 3000;

export default fp(
  async (app, { url }: { url: string | undefined }) => {
    if (!url) {
      app.decorate('redis', null);
      return;
    }
    // Fail fast rather than queue: a throttle that cannot count answers 503 at once, not after a hang.
    const redis = new Redis(url, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 2000,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis connection problem'));
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, CONNECT_WAIT_MS);
      redis.once('ready', () => (clearTimeout(timer), resolve()));
    });
    app.decorate('redis', redis);
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  },
  { name: 'redis' },
);
