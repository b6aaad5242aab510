import type { Knex } from 'knex';

export interface PageRequest {
  page?: number | undefined;
  pageSize?: number | undefined;
  /** Another name for `pageSize`. */
  limit?: number | undefined;
}

export function pageBounds(request: PageRequest, defaultSize: number) {
  const page = request.page ?? 1;
  const pageSize = request.pageSize ?? request.limit ?? defaultSize;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

// '!' rather than a backslash: MySQL and SQLite read a backslash in a string literal differently.
export const LIKE_ESCAPE = '!';

const escapeLike = (term: string) => term.replace(/[!%_]/g, (c) => `${LIKE_ESCAPE}${c}`);

/** `%term%` for LIKE, with the wildcard characters of the user's text taken literally. */
export function likePattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** `term%` for LIKE: "starts with", which an index on the column answers as a range. */
export const likePrefix = (term: string) => `${escapeLike(term)}%`;

/**
 * Case-insensitive "contains" on any of the columns, portable across MySQL and SQLite. LIKE already
 * ignores case on both (SQLite for ASCII, MySQL under the database's case-insensitive collation), so
 * the columns are not wrapped in LOWER(): that only cost a function call per row on a full read.
 */
export function whereContains(
  query: Knex.QueryBuilder,
  columns: string[],
  term: string | undefined,
  orElse?: (group: Knex.QueryBuilder, contains: (column: string) => [string, string[]]) => void,
) {
  const trimmed = term?.trim();
  if (!trimmed) return query;
  const pattern = likePattern(trimmed.toLowerCase());
  const contains = (column: string): [string, string[]] => [CONTAINS_SQL, [column, pattern]];
  return query.where((q) => {
    for (const column of columns) q.orWhereRaw(...contains(column));
    // Further alternatives (a match in a linked table), inside the same OR group.
    orElse?.(q, contains);
  });
}

const CONTAINS_SQL = `?? LIKE ? ESCAPE '${LIKE_ESCAPE}'`;

/** How many rows a query matches, as a number (drivers answer with a number or a string). */
export async function countRows(query: Knex.QueryBuilder): Promise<number> {
  const row = (await query.clearSelect().clearOrder().count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  return Number(row?.n ?? 0);
}

/**
 * How many rows a query matches (each row once: the query selects what identifies it), counting no
 * further than `atMost`: past it, `atMost` and a flag that the total is only a lower bound ("of 1,000+").
 * Counting a hundred thousand matches of a common name costs more than the page itself; nobody pages
 * through them.
 */
export async function countRowsUpTo(
  db: Knex,
  query: Knex.QueryBuilder,
  atMost: number,
): Promise<{ total: number; totalIsLowerBound: boolean }> {
  const matches = query.clearOrder().limit(atMost + 1);
  const row = (await db.from(matches.as('capped')).count({ n: '*' }).first()) as
    { n: number | string } | undefined;
  const n = Number(row?.n ?? 0);
  return n > atMost ? { total: atMost, totalIsLowerBound: true } : { total: n, totalIsLowerBound: false };
}
