/** Helpers of the lists' validateSearch: a malformed value becomes undefined (its default). */

/** The values of `raw` (one or repeated) that are among `allowed`, each once; undefined for none. */
export const listOf = <T extends string>(raw: unknown, allowed: readonly T[]): T[] | undefined => {
  const values = (Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []).filter(
    (v): v is T => typeof v === 'string' && (allowed as readonly string[]).includes(v),
  );
  return values.length > 0 ? [...new Set(values)] : undefined;
};

/** A whole number from min to max, or undefined. */
export const wholeIn = (raw: unknown, min: number, max: number): number | undefined => {
  const n = Number(raw);
  return raw !== undefined && raw !== '' && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
};
