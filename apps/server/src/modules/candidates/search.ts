import type { Knex } from 'knex';
import { nameWords } from '@portal/contracts';
import { isSqlite } from '../../db/connection.ts';
import { likePattern, likePrefix, whereContains } from '../../lib/paging.ts';

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
 *   the phone's digits; words each begin a word of the name (candidate_words, kept with every change,
 *   migration candidate-words: one index range per word, "pri sha" finds "Priya Sharma").
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
  const digits = text.replace(/\D/g, '');

  let matches: Knex.QueryBuilder | null = null;
  if (!isSqlite(db)) {
    if (text.includes('@'))
      matches = startsWith(db('candidates').distinct('id'), 'email', text.toLowerCase());
    else if (PHONE_LIKE.test(text) && digits.length >= MIN_PHONE_DIGITS)
      matches = startsWith(db('candidates').distinct('id'), 'phone_key', digits);
    else {
      // Each word of the search begins a word of the name: a range of candidate_words' key per word,
      // joined on the candidate ("pri sha" finds "Priya Sharma").
      const [first, ...rest] = nameWords(text);
      if (first) {
        const q = startsWith(db('candidate_words as w0').distinct('w0.candidate_id as id'), 'w0.word', first);
        rest.forEach((word, i) => {
          const alias = `w${i + 1}`;
          q.join(`candidate_words as ${alias}`, `${alias}.candidate_id`, 'w0.candidate_id');
          startsWith(q, `${alias}.word`, word);
        });
        matches = q;
      }
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

/** Keeps the words of these candidates' names in candidate_words (the name search's index). */
export async function indexNames(trx: Knex | Knex.Transaction, candidates: { id: number; name: string }[]) {
  const rows = candidates.flatMap(({ id, name }) =>
    nameWords(name).map((word) => ({ word, candidate_id: id })),
  );
  for (let i = 0; i < rows.length; i += 500) await trx('candidate_words').insert(rows.slice(i, i + 500));
}

/** Rebuilds candidate_words from the names stored (after rows were written around the service). */
export async function rebuildCandidateWords(db: Knex) {
  await db('candidate_words').delete();
  let last = 0;
  for (;;) {
    const rows = (await db('candidates')
      .where('id', '>', last)
      .orderBy('id')
      .limit(5000)
      .select('id', 'name')) as {
      id: number;
      name: string;
    }[];
    if (rows.length === 0) return;
    await indexNames(
      db,
      rows.map((r) => ({ id: Number(r.id), name: String(r.name) })),
    );
    last = Number(rows[rows.length - 1]!.id);
  }
}
