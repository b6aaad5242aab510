import type { Knex } from 'knex';
import { isSqlite } from '../../db/connection.ts';
import { likePattern, likePrefix, whereContains } from '../../lib/paging.ts';

/** The shortest word MySQL's full-text index holds (innodb_ft_min_token_size). */
const MIN_INDEXED_WORD = 3;

/** A search that reads like a phone number: digits with the usual separators, at least this many digits. */
const PHONE_LIKE = /^\+?[\d\s()-]+$/;
const MIN_PHONE_DIGITS = 3;

/** `column LIKE 'term%'`: a range of the column's index. */
const startsWith = (q: Knex.QueryBuilder, column: string, term: string) =>
  q.whereRaw(`?? LIKE ? ESCAPE '!'`, [column, likePrefix(term)]);

/**
 * The candidate search (name, e-mail, phone, or the title of the job applied to), one function over both
 * dialects, on a query of `candidates as c`:
 * - SQLite matches substrings (LIKE): an embedded database holds a small firm's candidates.
 * - MySQL never reads the whole table. What the search looks like decides the index: an e-mail address
 *   (it holds "@") is a prefix of the e-mail column; a phone number (digits, at least three) a prefix of
 *   the phone's digits; words are whole words of the name, e-mail or phone (FULLTEXT index, migration
 *   candidates-pipeline) or the start of the name. A word shorter than the index holds falls back to a
 *   substring match, which reads the table.
 * The jobs whose title matches are looked up first (a short list) and joined in as a second branch.
 */
export async function candidateSearch(
  db: Knex,
  term: string | undefined,
): Promise<((q: Knex.QueryBuilder) => Knex.QueryBuilder) | null> {
  const text = term?.trim();
  if (!text) return null;
  const jobIds = (
    await db('jobs')
      .whereRaw("title LIKE ? ESCAPE '!'", [likePattern(text.toLowerCase())])
      .pluck('id')
  ).map(Number);
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const digits = text.replace(/\D/g, '');

  let matches: Knex.QueryBuilder | null = null;
  if (!isSqlite(db)) {
    if (text.includes('@'))
      matches = startsWith(db('candidates').distinct('id'), 'email', text.toLowerCase());
    else if (PHONE_LIKE.test(text) && digits.length >= MIN_PHONE_DIGITS)
      matches = startsWith(db('candidates').distinct('id'), 'phone_key', digits);
    else if (words.length > 0 && words.every((w) => w.length >= MIN_INDEXED_WORD)) {
      matches = db('candidates')
        .select('id')
        .whereRaw('MATCH(name, email, phone) AGAINST (? IN BOOLEAN MODE)', [
          words.map((w) => `+${w}*`).join(' '),
        ]);
    }
  }
  if (!matches) {
    const phoneLike = PHONE_LIKE.test(text) && digits.length >= MIN_PHONE_DIGITS;
    return (q) =>
      q.where((any) => {
        whereContains(any, ['c.name', 'c.email', 'c.phone'], text);
        // "+91 98450-11111" and "919845011111" are one phone: compare digits too.
        if (phoneLike) any.orWhere((p) => whereContains(p, ['c.phone_key'], digits));
        if (jobIds.length > 0) any.orWhereIn('c.job_id', jobIds);
      });
  }
  // One derived table of matching ids, read once (DISTINCT and UNION keep the database from merging it
  // into the outer query, where "newest first, 5 rows" would walk the primary key hoping to meet matches),
  // rather than an OR that would read every row.
  const ids =
    jobIds.length > 0
      ? matches.union((u) => u.select('id').from('candidates').whereIn('job_id', jobIds))
      : matches;
  return (q) => q.join(ids.as('m'), 'm.id', 'c.id');
}
