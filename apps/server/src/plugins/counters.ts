import fp from 'fastify-plugin';
import { createMemoryCounterStore, createRedisCounterStore, type CounterStore } from '../lib/counters.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Throttle counters: in Redis when configured, so that every node counts together. */
    counters: CounterStore;
  }
}

export default fp(
  async (app) => {
    app.decorate('counters', app.redis ? createRedisCounterStore(app.redis) : createMemoryCounterStore());
  },
  { name: 'counters', dependencies: ['redis'] },
);
