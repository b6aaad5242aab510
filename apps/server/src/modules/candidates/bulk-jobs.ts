/** The jobs a bulk import's sheet names (by title or id), their questions, and a row's answers to them. */
import type { Knex } from 'knex';
import { chunks, LOOKUP_BATCH, placeholders } from '../../db/dialect.ts';
import { int, type DbInt } from '../../lib/rows.ts';
import { questionsOf, type JobQuestionsRow } from './model.ts';

/** A sheet row's answers, by question as its columns name them. */
export type GivenAnswers = Record<string, unknown>;

/** The text a row names its job by when it is not an id (a title), else null. */
export function jobTitleOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' || /^\d+$/.test(text) ? null : text;
}

/** The jobs the rows name by title: each title (lower case) with the ids of the jobs titled so, any case. */
export async function jobsByTitle(db: Knex, rows: Record<string, unknown>[]): Promise<Map<string, number[]>> {
  const titles = [...new Set(rows.map((r) => jobTitleOf(r.job_id)?.toLowerCase()).filter((t) => t != null))];
  const found = new Map<string, number[]>();
  for (const batch of chunks(titles, LOOKUP_BATCH)) {
    const jobs: { id: DbInt; title: string }[] = await db('jobs')
      .whereRaw(`LOWER(title) IN (${placeholders(batch.length)})`, batch)
      .orderBy('id')
      .select('id', 'title');
    for (const job of jobs) {
      const key = job.title.trim().toLowerCase();
      found.set(key, [...(found.get(key) ?? []), int(job.id)]); // a title is shared by a few jobs at most
    }
  }
  return found;
}

/** The questions of each of these jobs that exist. */
export async function jobQuestions(db: Knex, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const batch of chunks(ids, LOOKUP_BATCH)) {
    const jobs: JobQuestionsRow[] = await db('jobs').whereIn('id', batch).select('id', 'questions');
    for (const job of jobs) out.set(int(job.id), questionsOf(job));
  }
  return out;
}

/**
 * A row's answers as stored: those to its job's questions (the sheet's column names the question in any
 * case), under the job's own wording; null when it answers none. Answers to other jobs' questions (a sheet
 * for several jobs) are left out.
 */
export function answersFor(questions: string[], given: GivenAnswers | undefined): string | null {
  if (!given || questions.length === 0) return null;
  const byKey = new Map(
    Object.entries(given).map(([question, answer]) => [
      question.trim().toLowerCase(),
      String(answer ?? '').trim(),
    ]),
  );
  const answers: Record<string, string> = {};
  for (const question of questions) {
    const answer = byKey.get(question.trim().toLowerCase());
    if (answer) answers[question] = answer;
  }
  return Object.keys(answers).length > 0 ? JSON.stringify(answers) : null;
}
