/**
 * The talent pool's search (name, e-mail, phone, the title of a job applied to, or the current company) on
 * a query of `people as p`. A person's name, e-mail and phone are copied on each of their applications
 * (docs/decisions.md), so the candidate search (candidates/search.ts) finds their applications, and their
 * people are the matches; the company is the person's own column.
 *
 * At a million applications (MySQL) the candidate search decides how:
 * - most searches (an e-mail, a phone, a rare name word, a job's title) match few applications: their
 *   people, with those whose company begins with the search, are read once as a derived table and joined;
 * - common name words that go together ("priya sharma") match tens of thousands: the pool then walks people
 *   in its own order asking per person whether one of their applications matches, and stops at the page's
 *   end; its count walks the first word's index range instead, capped.
 * SQLite compares substrings over the whole table, as the candidate search does there.
 */
import type { Knex } from 'knex';
import { countRowsUpTo, likePattern, likePrefix } from '../../lib/paging.ts';
import { searchesByScan } from '../../db/dialect.ts';
import { candidateSearch } from '../candidates/search.ts';

export interface PeopleSearch {
  /** Narrows a query of `people as p` to the matches. */
  narrow: (q: Knex.QueryBuilder) => Knex.QueryBuilder;
  /**
   * Counts the matches up to `atMost` when nothing else filters the pool, where counting `narrow` would
   * walk every person.
   */
  countAlone?: (atMost: number) => Promise<{ total: number; totalIsLowerBound: boolean }>;
}

export async function peopleSearch(db: Knex, term: string | undefined): Promise<PeopleSearch | null> {
  const text = term?.trim();
  if (!text) return null;
  const search = await candidateSearch(db, text);
  if (searchesByScan(db)) {
    return {
      narrow: (q) =>
        q.where((any) => {
          if (search) any.whereIn('p.id', search.narrow(db('candidates as c')).select('c.person_id'));
          any.orWhereRaw(`p.current_company LIKE ? ESCAPE '!'`, [likePattern(text)]);
        }),
    };
  }
  const byCompany = () =>
    db('people')
      .select('id')
      .whereRaw(`current_company LIKE ? ESCAPE '!'`, [likePrefix(text)]);
  if (search?.walks) {
    const { matchingPeople } = search.walks;
    // Asked per person as a scalar subquery: MariaDB turns an EXISTS into a read of every application.
    const anApplication = search
      .narrow(db('candidates as c').select(db.raw('1')).whereRaw('c.person_id = p.id'))
      .limit(1);
    return {
      narrow: (q) =>
        q.where((any) =>
          any
            .whereRaw('(?) IS NOT NULL', [anApplication])
            .orWhereRaw(`p.current_company LIKE ? ESCAPE '!'`, [likePrefix(text)]),
        ),
      // The names' matches first (a UNION would read all of them before the cap): past the cap that is
      // the answer; below it they are few, and the companies' are added to them.
      countAlone: async (atMost) => {
        const byName = await countRowsUpTo(db, matchingPeople(), atMost);
        if (byName.totalIsLowerBound) return byName;
        return countRowsUpTo(db, matchingPeople().union(byCompany()), atMost);
      },
    };
  }
  // One derived table of the matches' people (UNION removes the repeats), read once and joined.
  const matching = search
    ? search.narrow(db('candidates as c')).select('c.person_id as id').union(byCompany())
    : byCompany();
  return { narrow: (q) => q.join(matching.as('found'), 'found.id', 'p.id') };
}
