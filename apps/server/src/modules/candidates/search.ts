import type { Knex } from 'knex';
import { nameWords } from '@portal/contracts';
import { int, total, type DbInt } from '../../lib/rows.ts';
import { insertAll, rowsPerInsert, searchesByScan } from '../../db/dialect.ts';
import { phoneSearchKeys } from '../../lib/phones.ts';
import { countRowsUpTo, likePattern, likePrefix, whereContains } from '../../lib/paging.ts';

/** A search that reads like a phone number: digits with the usual separators, at least this many digits. */
const PHONE_LIKE = /^\+?[\d\s()-]+$/;
const MIN_PHONE_DIGITS = 3;

/** `column LIKE 'term%'`: a range of the column's index. */
const startsWith = (q: Knex.QueryBuilder, column: string, term: string) =>
  q.whereRaw(`?? LIKE ? ESCAPE '!'`, [column, likePrefix(term)]);

type Counted = { total: number; totalIsLowerBound: boolean };
export interface CandidateSearch {
  /** Narrows a query of `candidates as c` to the matches. */
  narrow: (q: Knex.QueryBuilder) => Knex.QueryBuilder;
  /** Counts the matches when nothing else filters the list, up to `atMost`, where a count of `narrow` costs more. */
  countAlone?: (atMost: number) => Promise<Counted>;
  /**
   * Set when `narrow` asks per row (common words): a list walks its rows in its own order and stops at the
   * page's end, where a table of every match would be too large. `matchingPeople` then gives the matches'
   * people from the first word's index range (for a capped count), as `countAlone` gives the candidates.
   */
  walks?: { matchingPeople: () => Knex.QueryBuilder };
}

/**
 * Postings (candidate_words rows) a name word may begin before it counts as common. Below it, a search
 * reads the rarest word's candidates whole; at or above it, that would read tens of thousands of rows.
 */
const COMMON_WORD = 5000;

/**
 * The candidate search (name, e-mail, phone, or the title of the job applied to), one function over both
 * dialects, on a query of `candidates as c`:
 * - SQLite matches substrings (LIKE): an embedded database holds a small firm's candidates.
 * - MySQL never reads the whole table. What the search looks like decides the index: an e-mail address
 *   (it holds "@") is a prefix of the e-mail column; a phone number (digits, at least three) a prefix of
 *   the phone's key (its national number: +91 and a leading 0 do not count); words each begin a word of the name (candidate_words, kept with every change,
 *   migration candidate-words: one index range per word, "pri sha" finds "Priya Sharma"). How many names
 *   each word begins is looked at first (at most COMMON_WORD rows of the index each):
 *   - a rare word: its few candidates are read whole (a derived table) and joined in;
 *   - only common words ("reddy": 100,000 of 1,000,000) that go together: a page walks the candidates in
 *     the list's order and asks the index per candidate (the fifth match comes after a few hundred), and
 *     the list's capped count, when nothing else filters, walks the first word's index range instead.
 * The jobs whose title matches are looked up first (a short list) and joined in as a second branch.
 */
export async function candidateSearch(db: Knex, term: string | undefined): Promise<CandidateSearch | null> {
  const text = term?.trim();
  if (!text) return null;
  const jobIds = (
    await db('jobs')
      .whereRaw("title LIKE ? ESCAPE '!'", [likePattern(text.toLowerCase())])
      .pluck('id')
  ).map(Number);
  const digits = text.replace(/\D/g, '');
  // A phone number is looked for as stored keys hold it: "+91 98450" and "098450" both start 98450.
  const phones = PHONE_LIKE.test(text) && digits.length >= MIN_PHONE_DIGITS ? phoneSearchKeys(text) : [];

  let matches: Knex.QueryBuilder | null = null;
  if (!searchesByScan(db)) {
    if (text.includes('@'))
      matches = startsWith(db('candidates').distinct('id'), 'email', text.toLowerCase());
    else if (phones.length > 0) {
      // One index range per reading of the number.
      matches = db('candidates')
        .distinct('id')
        .where((any) => phones.forEach((phone) => any.orWhere((q) => startsWith(q, 'phone_key', phone))));
    } else {
      const words = await rarestFirst(db, nameWords(text));
      const [first, ...rest] = words;
      if (first && jobIds.length === 0 && first.postings >= COMMON_WORD && (await together(db, words)))
        return commonWords(db, words);
      if (first) {
        // Each word of the search begins a word of the name: a range of candidate_words' key per word,
        // joined on the candidate ("pri sha" finds "Priya Sharma"), the rarest word first.
        const q = startsWith(
          db('candidate_words as w0').distinct('w0.candidate_id as id'),
          'w0.word',
          first.word,
        );
        rest.forEach(({ word }, i) => {
          const alias = `w${i + 1}`;
          q.join(`candidate_words as ${alias}`, `${alias}.candidate_id`, 'w0.candidate_id');
          startsWith(q, `${alias}.word`, word);
        });
        matches = q;
      }
    }
  }
  if (!matches) {
    return {
      narrow: (q) =>
        q.where((any) => {
          whereContains(any, ['c.name', 'c.email', 'c.phone'], text);
          // "+91 98450-11111" and "098450 11111" are one phone: compare the normalised keys too.
          for (const phone of phones) any.orWhere((p) => whereContains(p, ['c.phone_key'], phone));
          if (jobIds.length > 0) any.orWhereIn('c.job_id', jobIds);
        }),
    };
  }
  // One derived table of matching ids, read once (DISTINCT and UNION keep the database from merging it
  // into the outer query, where "newest first, 5 rows" would walk the primary key hoping to meet matches),
  // rather than an OR that would read every row.
  const ids =
    jobIds.length > 0
      ? matches.union((u) => u.select('id').from('candidates').whereIn('job_id', jobIds))
      : matches;
  return { narrow: (q) => q.join(ids.as('m'), 'm.id', 'c.id') };
}

/** The search's words, each with how many names it begins (up to COMMON_WORD), the rarest first. */
async function rarestFirst(db: Knex, words: string[]) {
  const counted = await Promise.all(
    words.map(async (word) => {
      const row: { n: DbInt } | undefined = await db
        .from(
          startsWith(db('candidate_words').select(db.raw('1')), 'word', word)
            .limit(COMMON_WORD)
            .as('p'),
        )
        .count({ n: '*' })
        .first();
      return { word, postings: total(row?.n) };
    }),
  );
  return counted.sort((a, b) => a.postings - b.postings);
}

/**
 * "The candidate (`idColumn`) has a name word beginning with `word`", asked per candidate: a subquery
 * MariaDB cannot turn into a read of the word's whole range.
 */
const hasWord = (q: Knex.QueryBuilder, word: string, idColumn = 'c.id') =>
  q.whereRaw(
    `(SELECT 1 FROM candidate_words AS cw WHERE cw.candidate_id = ?? AND cw.word LIKE ? ESCAPE '!' LIMIT 1) IS NOT NULL`,
    [idColumn, likePrefix(word)],
  );

/** Names of the first word looked at to judge whether the words go together. */
const SAMPLE = 1000;

/**
 * Whether common words go together often (at least one in 20 of a sample of the first word's names has
 * the others): walking the candidates then meets a page soon. Two common words that rarely or never meet
 * ("priya aarav") would walk the whole table; those read the first word's candidates instead.
 */
async function together(db: Knex, [first, ...rest]: { word: string }[]): Promise<boolean> {
  if (rest.length === 0) return true;
  const sample = startsWith(db('candidate_words').select('candidate_id'), 'word', first!.word).limit(SAMPLE);
  const q = db.from(sample.as('s'));
  for (const { word } of rest) hasWord(q, word, 's.candidate_id');
  const row: { n: DbInt } | undefined = await q.count({ n: '*' }).first();
  return total(row?.n) * 20 >= SAMPLE;
}

/**
 * Common words that go together: a page walks the candidates in the list's order asking the index per
 * candidate, so that it stops at its last row. Counted alone, the matches are the first word's range read
 * in order, each asked for the other words (the index of words, not the candidates' rows), distinct
 * candidates, up to the cap.
 */
function commonWords(db: Knex, words: { word: string }[]): CandidateSearch {
  const [first, ...rest] = words;
  /** The first word's range of the index, each entry asked for the other words. */
  const matchingWords = () => {
    const q = startsWith(db('candidate_words as w0'), 'w0.word', first!.word);
    for (const { word } of rest) hasWord(q, word, 'w0.candidate_id');
    return q;
  };
  return {
    narrow: (q) => {
      for (const { word } of words) hasWord(q, word);
      return q;
    },
    countAlone: (atMost) => countRowsUpTo(db, matchingWords().distinct('w0.candidate_id'), atMost),
    walks: {
      matchingPeople: () =>
        matchingWords().join('candidates as c', 'c.id', 'w0.candidate_id').distinct('c.person_id as id'),
    },
  };
}

/** Keeps the words of these candidates' names in candidate_words (the name search's index). */
export async function indexNames(trx: Knex | Knex.Transaction, candidates: { id: number; name: string }[]) {
  const rows = candidates.flatMap(({ id, name }) =>
    nameWords(name).map((word) => ({ word, candidate_id: id })),
  );
  // Two-column rows: MySQL takes many at once.
  const batch = rowsPerInsert(trx as Knex, 4000);
  for (let i = 0; i < rows.length; i += batch)
    await insertAll(trx, 'candidate_words', rows.slice(i, i + batch));
}

/** How many candidates' names one step of a rebuild reads. */
const REBUILD_BATCH = 1000;

/**
 * Indexes the names of candidates written around the service (seeds, benchmarks): those numbered above
 * `afterId`, or all of them afresh without it, a batch at a time in id order.
 */
export async function rebuildCandidateWords(db: Knex, afterId?: number) {
  if (afterId === undefined) await db('candidate_words').delete();
  for (let last = afterId ?? 0; ;) {
    const rows: { id: DbInt; name: string }[] = await db('candidates')
      .where('id', '>', last)
      .orderBy('id')
      .limit(REBUILD_BATCH)
      .select('id', 'name');
    if (rows.length === 0) return;
    await indexNames(
      db,
      rows.map((r) => ({ id: int(r.id), name: r.name })),
    );
    last = int(rows[rows.length - 1]!.id);
  }
}
