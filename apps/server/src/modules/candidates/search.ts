import type { Knex } from 'knex';
import { isSqlite } from '../../db/connection.ts';
import { likePattern, whereContains } from '../../lib/paging.ts';

/** The shortest word MySQL's full-text index holds (innodb_ft_min_token_size). */
const MIN_INDEXED_WORD = 3;

/**
 * The candidate search (name, e-mail, phone, or the title of the job applied to), one function over both
 * dialects, on a query of `candidates as c`:
 * - MySQL reads the FULLTEXT index (migration candidates-pipeline): every word of the search must begin a
 *   word of the name, e-mail or phone ("pri" finds "Priya", "gmail" finds "x@gmail.com"), so a search of
 *   1,000,000 candidates does not read the table. A word shorter than the index holds falls back to a
 *   substring match, which reads it.
 * - SQLite matches substrings (LIKE): an embedded database holds a small firm's candidates.
 * The jobs whose title matches are looked up first (a short list), so that the candidate query stays one
 * index lookup per branch.
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
  const fullText = !isSqlite(db) && words.length > 0 && words.every((w) => w.length >= MIN_INDEXED_WORD);

  if (!fullText) {
    return (q) =>
      q.where((any) => {
        whereContains(any, ['c.name', 'c.email', 'c.phone'], text);
        if (jobIds.length > 0) any.orWhereIn('c.job_id', jobIds);
      });
  }
  const against = words.map((w) => `+${w}*`).join(' ');
  const matches = db('candidates')
    .select('id')
    .whereRaw('MATCH(name, email, phone) AGAINST (? IN BOOLEAN MODE)', [against]);
  if (jobIds.length === 0) return (q) => q.whereIn('c.id', matches);
  // One derived table of matching ids (read once), rather than an OR that would read every row.
  const ids = matches.union((u) => u.select('id').from('candidates').whereIn('job_id', jobIds));
  return (q) => q.join(ids.as('m'), 'm.id', 'c.id');
}
