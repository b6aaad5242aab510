/**
 * Who hears of a change, and the writing of what they are told: the people of a job, the active users
 * among them with the roles their links follow, and `tell`, which writes one notification per recipient.
 */
import type { Knex } from 'knex';
import { notificationLink, type NotificationKind, type SuggestedMove } from '@portal/contracts';
import { chunks, LOOKUP_BATCH } from '../../db/dialect.ts';
import type { UnitOfWork } from '../../events.ts';
import { int, intOrNull } from '../../lib/rows.ts';
import {
  actorNameOf,
  jobTitleOf,
  pluckedUserId,
  toNotification,
  type JobEditorRow,
  type JobNoticeRow,
  type NotificationRow,
  type PluckedUserId,
  type RecipientRow,
  type UserNameRow,
} from './model.ts';

type Db = Knex | Knex.Transaction;

/** One thing to tell some users: what, about which job or candidate (the link follows the reader's role). */
export interface Draft {
  kind: NotificationKind;
  text: string;
  jobId: number | null;
  candidate: { id: number; uuid: string } | null;
  /** Where it leads when it is about neither a job nor a candidate. */
  link?: string;
  /** The move a client's decision suggests (offered by the bell's item, never made by itself). */
  suggestedMove?: SuggestedMove | null;
}

/** Active users who created the job or may edit it (its listed editors). */
export async function peopleOfJob(trx: Db, jobId: number): Promise<number[]> {
  const ids: PluckedUserId[] = await trx('jobs')
    .where('id', jobId)
    .whereNotNull('created_by_id')
    .pluck('created_by_id')
    .union((u) => u.select('user_id').from('job_editors').where('job_id', jobId));
  return ids.map(pluckedUserId);
}

/** Each job's title and people (as `peopleOfJob`), a batch of jobs a query: an import into 200 jobs asks twice. */
export async function jobsWithPeople(trx: Db, jobIds: number[]) {
  const jobs = new Map<number, { title: string; people: number[] }>();
  for (const batch of chunks(jobIds, LOOKUP_BATCH)) {
    const [rows, editors]: [JobNoticeRow[], JobEditorRow[]] = await Promise.all([
      trx('jobs').whereIn('id', batch).select('id', 'title', 'created_by_id'),
      trx('job_editors').whereIn('job_id', batch).select('job_id', 'user_id'),
    ]);
    for (const job of rows) {
      const creator = intOrNull(job.created_by_id);
      jobs.set(int(job.id), { title: jobTitleOf(job), people: creator === null ? [] : [creator] });
    }
    for (const editor of editors) jobs.get(int(editor.job_id))?.people.push(int(editor.user_id));
  }
  return jobs;
}

/** The roles of those of these users whose accounts are active, by id. */
export async function activeRolesOf(trx: Db, userIds: number[]): Promise<Map<number, string>> {
  const roles = new Map<number, string>();
  for (const batch of chunks([...new Set(userIds)], LOOKUP_BATCH)) {
    const users: RecipientRow[] = await trx('users')
      .whereIn('id', batch)
      .where('status', 'active')
      .select('id', 'role');
    for (const user of users) roles.set(int(user.id), user.role);
  }
  return roles;
}

export async function nameOf(trx: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const row: UserNameRow | undefined = await trx('users').where({ id: userId }).first('name', 'username');
  return row ? actorNameOf(row) : null;
}

export const titleOf = async (trx: Db, jobId: number) =>
  jobTitleOf(await trx<JobNoticeRow>('jobs').where({ id: jobId }).first('title'));

/** Where a notification leads its reader: the candidate or job in the reader's role's screens, or the draft's own link. */
const linkFor = (draft: Draft, role: string) =>
  draft.candidate
    ? notificationLink(role, { candidateUuid: draft.candidate.uuid })
    : draft.jobId !== null
      ? notificationLink(role, { jobId: draft.jobId })
      : (draft.link ?? null);

/**
 * Writes the draft for each recipient (never the actor, each once, active accounts only) and queues
 * its announcement for after the commit.
 */
export async function tell(
  uow: UnitOfWork,
  recipients: (number | null)[],
  actorId: number | null,
  draft: Draft,
  /** The active users' roles when the caller read them already (for many drafts at once), by id. */
  activeRoles?: Map<number, string>,
) {
  const wanted = [...new Set(recipients.filter((id): id is number => id !== null && id !== actorId))];
  if (wanted.length === 0) return;
  const users: RecipientRow[] = activeRoles
    ? wanted
        .filter((id) => activeRoles.has(id))
        .sort((a, b) => a - b)
        .map((id) => ({ id, role: activeRoles.get(id)! }))
    : await uow.trx('users').whereIn('id', wanted).where('status', 'active').select('id', 'role');
  const now = new Date();
  for (const user of users) {
    const row = {
      user_id: int(user.id),
      kind: draft.kind,
      text: draft.text.slice(0, 500),
      link: linkFor(draft, user.role),
      job_id: draft.jobId,
      candidate_id: draft.candidate?.id ?? null,
      read_at: null,
      created_at: now,
      ...(draft.suggestedMove ? { suggested_move: JSON.stringify(draft.suggestedMove) } : {}),
    } satisfies Omit<NotificationRow, 'id'>;
    const [id] = await uow.trx('notifications').insert(row);
    uow.emit('notification.created', {
      userId: row.user_id,
      notification: toNotification({ ...row, id: id! }),
    });
  }
}
