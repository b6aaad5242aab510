/** Reading interviews: a candidate's (newest start first) and a user's own as an interviewer (by start). */
import type { Knex } from 'knex';
import {
  CANDIDATE_MESSAGES,
  INTERVIEW_LIMITS,
  type Interview,
  type InterviewsQuery,
} from '@portal/contracts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { int, type DbInt } from '../../lib/rows.ts';
import { whereRef } from '../candidates/columns.ts';
import { selectInterviews, withInterviewers, type InterviewRow } from './model.ts';

export function createInterviewReads({ db }: { db: Knex }) {
  return {
    /** A candidate's interviews, the newest start first (cancelled ones too, marked). */
    async ofCandidate(ref: string): Promise<Interview[]> {
      const candidate: { id: DbInt } | undefined = await whereRef(db('candidates as c'), ref).first('c.id');
      if (!candidate) throw notFound(CANDIDATE_MESSAGES.notFound);
      const rows: InterviewRow[] = await selectInterviews(db)
        .where('i.candidate_id', int(candidate.id))
        .orderBy('i.start_at', 'desc')
        .orderBy('i.id', 'desc');
      return withInterviewers(db, rows);
    },

    /** The caller's interviews as an interviewer, by start, within `from` / `to` (to excluded) when given. */
    async mine(query: InterviewsQuery, reader: Caller): Promise<Interview[]> {
      const q = selectInterviews(db)
        .whereIn('i.id', db('interview_interviewers').where('user_id', reader.id).select('interview_id'))
        .orderBy('i.start_at')
        .orderBy('i.id')
        .limit(INTERVIEW_LIMITS.mineMax);
      if (query.from) q.where('i.start_at', '>=', new Date(query.from));
      if (query.to) q.where('i.start_at', '<', new Date(query.to));
      return withInterviewers(db, await q);
    },
  };
}
