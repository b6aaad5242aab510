import type { Redis } from 'ioredis';

/**
 * Short-lived counters and blocks for throttles (sign-in failures, uploads). In one process's memory
 * without Redis; in Redis when `REDIS_URL` is set, so that every app node counts together.
 */
export interface CounterStore {
  /** Adds `by` to `key` in a window of `windowMs` that starts at its first hit; the total and the ms left. */
  hit(key: string, windowMs: number, by?: number): Promise<{ count: number; resetInMs: number }>;
  /** Blocks `key` for `ms` (a later block replaces an earlier one). */
  block(key: string, ms: number): Promise<void>;
  /** How many ms `key` stays blocked (0: not blocked). */
  blockedFor(key: string): Promise<number>;
  clear(...keys: string[]): Promise<void>;
}

/** How many entries make the memory store sweep out the expired ones. */
const SWEEP_AT = 10_000;

export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
  const entries = new Map<string, { value: number; expiresAt: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) return entry;
    entries.delete(key);
    return undefined;
  };
  const sweep = () => {
    if (entries.size < SWEEP_AT) return;
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
  };
  return {
    async hit(key, windowMs, by = 1) {
      sweep();
      const entry = live(key) ?? { value: 0, expiresAt: now() + windowMs };
      entry.value += by;
      entries.set(key, entry);
      return { count: entry.value, resetInMs: entry.expiresAt - now() };
    },
    async block(key, ms) {
      sweep();
      entries.set(key, { value: 1, expiresAt: now() + ms });
    },
    async blockedFor(key) {
      const entry = live(key);
      return entry ? entry.expiresAt - now() : 0;
    },
    async clear(...keys) {
      for (const key of keys) entries.delete(key);
    },
  };
}

export function createRedisCounterStore(redis: Redis, prefix = 'portal:'): CounterStore {
  return {
    async hit(key, windowMs, by = 1) {
      const k = prefix + key;
      // The window starts with the first hit: SET NX gives the key its expiry once, INCRBY adds.
      const results = await redis.multi().set(k, 0, 'PX', windowMs, 'NX').incrby(k, by).pttl(k).exec();
      const count = Number(results?.[1]?.[1] ?? by);
      const ttl = Number(results?.[2]?.[1] ?? windowMs);
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async block(key, ms) {
      await redis.set(prefix + key, 1, 'PX', Math.max(1, Math.ceil(ms)));
    },
    async blockedFor(key) {
      const ttl = await redis.pttl(prefix + key);
      return ttl > 0 ? ttl : 0;
    },
    async clear(...keys) {
      if (keys.length > 0) await redis.del(...keys.map((k) => prefix + k));
    },
  };
}
