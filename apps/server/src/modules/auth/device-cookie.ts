import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Device cookies: a browser that signed in to an account gets a cookie naming that account, signed with
 * the app's secret. Its later sign-ins are throttled on their own, per device, so that strangers who fail
 * an account's password many times lock themselves out, not its owner. One cookie per account, so that
 * a browser shared by several users keeps each of theirs.
 */
export const DEVICE_COOKIE_PREFIX = 'portal_device_';
/** Only the sign-in reads it. */
export const DEVICE_COOKIE_PATH = '/api/v2/login';
/** A device stays known for a year after its last successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export const deviceCookieName = (userId: number) => `${DEVICE_COOKIE_PREFIX}${userId}`;

/** The values of every device cookie a request carries, whichever accounts they name. */
export const presentedDeviceCookies = (cookies: Record<string, string | undefined>): string[] =>
  Object.entries(cookies)
    .filter(([name, value]) => name.startsWith(DEVICE_COOKIE_PREFIX) && value)
    .map(([, value]) => value!);

export function createDeviceCookies(secret: string) {
  // A key of its own, derived from the app's secret: a device cookie's signature is never a token's.
  const key = createHmac('sha256', secret).update('portal device cookie').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest();

  return {
    /** A new cookie value for a device that just signed in to `userId`: "id.nonce.signature". */
    issue(userId: number): string {
      const body = `${userId}.${randomBytes(16).toString('base64url')}`;
      return `${body}.${sign(body).toString('base64url')}`;
    },

    /**
     * The device (its nonce) of the first of `values` this app signed for `userId`; null when none is
     * (absent, tampered with, or issued for another account).
     */
    deviceOf(values: readonly string[], userId: number): string | null {
      for (const value of values) {
        const [id, nonce, signature, ...rest] = value.split('.');
        if (rest.length > 0 || !nonce || !signature || id !== String(userId)) continue;
        const expected = sign(`${id}.${nonce}`);
        const given = Buffer.from(signature, 'base64url');
        if (given.length === expected.length && timingSafeEqual(given, expected)) return nonce;
      }
      return null;
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
