import fp from 'fastify-plugin';
import type { preHandlerAsyncHookHandler } from 'fastify';
import { ErrorCode } from '@portal/contracts';
import { AppError } from '../errors.ts';
import { createMemoryCounterStore, createRedisCounterStore, type CounterStore } from '../lib/counters.ts';

/** A limit on a route's requests from all clients together, per hour. */
export interface HourlyCeiling {
  /** The counter's name, one per ceiling. */
  name: string;
  /** Requests let through in an hour; the next ones answer 429 until the hour is over. */
  max: number;
  /** What the 429 says. */
  message: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Throttle counters: in Redis when configured, so that every node counts together. */
    counters: CounterStore;
    /**
     * A route hook that lets `max` requests an hour through, whichever addresses they come from (and,
     * with Redis, whichever node takes them), then answers 429 with Retry-After until the hour ends. It
     * stands above a route's per-address limit: many addresses each within theirs still meet it.
     */
    hourlyCeiling: (ceiling: HourlyCeiling) => preHandlerAsyncHookHandler;
  }
}

const HOUR_MS = 3_600_000;

export default fp(
  async (app) => {
    const counters = app.redis ? createRedisCounterStore(app.redis) : createMemoryCounterStore();
    app.decorate('counters', counters);
    app.decorate('hourlyCeiling', ({ name, max, message }: HourlyCeiling) => {
      // The hour starts with its first request (a fixed window, as the per-address limits count).
      const hook: preHandlerAsyncHookHandler = async () => {
        const { count, resetInMs } = await counters.hit(`ceiling:${name}`, HOUR_MS);
        if (count <= max) return;
        const retryAfter = Math.max(1, Math.ceil(resetInMs / 1000));
        throw new AppError(ErrorCode.RATE_LIMITED, message, undefined, retryAfter);
      };
      return hook;
    });
  },
  { name: 'counters', dependencies: ['redis'] },
);
