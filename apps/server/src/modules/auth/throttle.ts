import { AUTH_MESSAGES, ErrorCode } from '@portal/contracts';
import { AppError } from '../../errors.ts';
import type { CounterStore } from '../../lib/counters.ts';

/** OWASP ASVS 4.0.3 2.2.1: at most this many failed sign-ins per account per hour. */
export const ACCOUNT_FAILURES_PER_HOUR = 100;
/** Failures allowed before each further attempt must wait, from clients the account does not know. */
const FREE_FAILURES = 5;
/** The same for a device that signed in to the account before: its owner mistyping, not guessing. */
export const FREE_DEVICE_FAILURES = 10;
/** The wait doubles with every failure past the free ones, from one second up to this. */
const MAX_BACKOFF_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;

/**
 * Who a sign-in attempt counts against: the account, for any client it does not know; or a device that
 * signed in to it before (its device cookie's nonce), which has a bucket of its own.
 */
export interface LoginAttempt {
  username: string;
  device?: string | null;
}

/**
 * Sign-in failures counted per account, wherever they come from: a changed address or a forged
 * `X-Forwarded-For` does not reset them. Past a few failures each attempt waits longer (1 s, 2 s, 4 s …
 * up to 5 minutes); past 100 in an hour the account waits for the hour to end. A locked account's
 * password is not even checked, so the lock is no oracle. Unknown usernames are counted the same way,
 * so the answers do not tell which accounts exist. A device that signed in before is counted on its own
 * (more free failures, the same waits after), so strangers locking the account never lock out its owner.
 */
export function createLoginThrottle(store: CounterStore) {
  const bucketOf = ({ username, device }: LoginAttempt) => {
    if (device) {
      return {
        failures: `login:device-failures:${device}`,
        lock: `login:device-lock:${device}`,
        free: FREE_DEVICE_FAILURES,
      };
    }
    const account = username.trim().toLowerCase();
    return { failures: `login:failures:${account}`, lock: `login:lock:${account}`, free: FREE_FAILURES };
  };

  return {
    /** Throws 429 with Retry-After while the attempt's account (or device) must wait. */
    async assertMayTry(attempt: LoginAttempt) {
      const waitMs = await store.blockedFor(bucketOf(attempt).lock);
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

    async recordFailure(attempt: LoginAttempt) {
      const bucket = bucketOf(attempt);
      const { count, resetInMs } = await store.hit(bucket.failures, HOUR_MS);
      if (count >= ACCOUNT_FAILURES_PER_HOUR) await store.block(bucket.lock, resetInMs);
      else if (count >= bucket.free)
        await store.block(bucket.lock, Math.min(1000 * 2 ** (count - bucket.free), MAX_BACKOFF_MS));
    },

    /** Clears the attempt's own bucket: a device's success leaves the strangers' count where it is. */
    async recordSuccess(attempt: LoginAttempt) {
      const bucket = bucketOf(attempt);
      await store.clear(bucket.failures, bucket.lock);
    },
  };
}
export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
