import { notFound } from '@tanstack/react-router';

/** A database id in a path: a positive whole number of at most ten digits. */
const ID_PATTERN = /^[1-9]\d{0,9}$/;

/**
 * `params` for a route whose `$key` segment is a row id: parsed to a number, or the not-found page
 * for anything else (`/edit/abc`, `/edit/0`).
 */
export function idParams<K extends string>(key: K) {
  return {
    parse: (raw: Record<K, string>): Record<K, number> => {
      const value = raw[key];
      if (!ID_PATTERN.test(value)) throw notFound();
      return { [key]: Number(value) } as Record<K, number>;
    },
    stringify: (params: Record<K, number>): Record<K, string> =>
      ({ [key]: String(params[key]) }) as Record<K, string>,
  };
}
