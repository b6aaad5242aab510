import { AUTH_MESSAGES, ErrorCode } from '@portal/contracts';
import { AppError } from '../../errors.ts';
import type { CounterStore } from '../../lib/counters.ts';

/** OWASP ASVS 4.0.3 2.2.1: at most this many failed sign-ins per account per hour. */
export const ACCOUNT_FAILURES_PER_HOUR = 100;
/** Failures allowed before each further attempt must wait. */
const FREE_FAILURES = 5;
/** The wait doubles with every failure past the free ones, from one second up to this. */
const MAX_BACKOFF_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;

/**
 * Sign-in failures counted per account, wherever they come from: a changed address or a forged
 * `X-Forwarded-For` does not reset them. Past a few failures each attempt waits longer (1 s, 2 s, 4 s …
 * up to 5 minutes); past 100 in an hour the account waits for the hour to end. A locked account's
 * password is not even checked, so the lock is no oracle. Unknown usernames are counted the same way,
 * so the answers do not tell which accounts exist.
 */
export function createLoginThrottle(store: CounterStore) {
  const keysOf = (username: string) => {
    const account = username.trim().toLowerCase();
    return { failures: `login:failures:${account}`, lock: `login:lock:${account}` };
  };

  return {
    /** Throws 429 with Retry-After while the account must wait. */
    async assertMayTry(username: string) {
      const waitMs = await store.blockedFor(keysOf(username).lock);
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        throw new AppError(
          ErrorCode.RATE_LIMITED,
          AUTH_MESSAGES.accountThrottled(seconds),
          undefined,
          seconds,
        );
      }
    },

    async recordFailure(username: string) {
      const keys = keysOf(username);
      const { count, resetInMs } = await store.hit(keys.failures, HOUR_MS);
      if (count >= ACCOUNT_FAILURES_PER_HOUR) await store.block(keys.lock, resetInMs);
      else if (count >= FREE_FAILURES)
        await store.block(keys.lock, Math.min(1000 * 2 ** (count - FREE_FAILURES), MAX_BACKOFF_MS));
    },

    async recordSuccess(username: string) {
      const keys = keysOf(username);
      await store.clear(keys.failures, keys.lock);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
