/**
 * Who may change a candidate, and the candidates as a given caller reads them: the jobs a caller may edit,
 * the edit rule itself, reading candidates with their `canEdit`, and the locked row a write starts from.
 */
import type { Knex } from 'knex';
import { CANDIDATE_MESSAGES as M, type Candidate } from '@portal/contracts';
import { forbidden, notFound, type AppError } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { int, intOrNull, type DbInt } from '../../lib/rows.ts';
import { toCandidate, type CandidateOwnerRow, type CandidateRecordRow, type CandidateRow } from './model.ts';
import { selectCandidates, whereRef } from './columns.ts';
import { lockJobOfCandidate } from './positions.ts';
import { changesSince, staleCandidateConflict, staleMessage, type ChangesSince } from './changes.ts';

type Db = Knex | Knex.Transaction;

/** How a write is guarded: who is refused with which message, and from which version it was made. */
/** A candidate's row as a write locks it, with the mover's name when the write asked for it (`also`). */
export type LockedRow = CandidateRow & { mover_name?: string | null };

export interface WriteGuard {
  /** The 403's message; a function of the row when it depends on what the row holds (a move's). */
  denied: string | ((row: CandidateRow) => string);
  /** The version the change was made from: a candidate changed since gets 409. */
  version?: number | undefined;
  /** Whether an edit or a status change was refused (the default 409's message). */
  asked?: 'edit' | 'status';
  /** The 409 in a screen's own words (the board's card and who moved it), given the changes since. */
  stale?: (row: CandidateRow, since: ChangesSince) => Promise<AppError>;
  /** Columns read with the locked row beyond its own (the board's mover name). */
  also?: Knex.Raw[];
}

export function createCandidateAccess({ db }: { db: Knex }) {
  /** The jobs a non-admin may edit (creator or listed editor): their candidates are the reader's to edit. */
  async function editableJobIds(reader: Caller, trx: Db = db): Promise<Set<number>> {
    if (reader.role === 'admin') return new Set();
    const ids: ({ id: DbInt } | DbInt)[] = await trx('jobs')
      .where('created_by_id', reader.id)
      .pluck('id')
      .union((u) => u.select('job_id').from('job_editors').where('user_id', reader.id));
    return new Set(ids.map((r) => int(typeof r === 'object' ? Object.values(r)[0]! : r)));
  }

  /** Who may change a candidate: its creator, an admin, or anyone who may edit the candidate's job. */
  const mayEdit = (row: CandidateOwnerRow, reader: Caller, jobs: Set<number>) =>
    reader.role === 'admin' || intOrNull(row.created_by_id) === reader.id || jobs.has(int(row.job_id));

  async function findCandidates(ids: number[], reader: Caller, trx: Db = db): Promise<Candidate[]> {
    if (ids.length === 0) return [];
    const [rows, jobs] = await Promise.all([
      selectCandidates(trx).whereIn('c.id', ids) as Promise<CandidateRecordRow[]>,
      editableJobIds(reader, trx),
    ]);
    const byId = new Map(rows.map((r) => [int(r.id), r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toCandidate(row, mayEdit(row, reader, jobs))] : [];
    });
  }

  async function getCandidate(ref: string, reader: Caller, trx: Db = db): Promise<Candidate> {
    const row: CandidateRecordRow | undefined = await whereRef(selectCandidates(trx), ref).first();
    if (!row) throw notFound(M.notFound);
    return toCandidate(row, mayEdit(row, reader, await editableJobIds(reader, trx)));
  }

  /**
   * The one guard of every write to a candidate (edits, status changes, board moves): its job locked, then
   * its row, locked for this transaction, if the actor may change it; else 404 or 403 with `denied`. With
   * `version` (the one the change was made from), a candidate changed since gets 409 with the candidate as
   * it is now and the changes made since (who, which fields), so that the screen can show them.
   */
  async function guardWrite(
    trx: Knex.Transaction,
    ref: string,
    actor: Caller,
    { denied, version, asked = 'status', stale, also = [] }: WriteGuard,
  ): Promise<LockedRow> {
    await lockJobOfCandidate(trx, ref);
    const row: LockedRow | undefined = await whereRef(trx('candidates as c'), ref)
      .forUpdate()
      .first('c.*', ...also);
    if (!row) throw notFound(M.notFound);
    if (!mayEdit(row, actor, await editableJobIds(actor, trx)))
      throw forbidden(typeof denied === 'function' ? denied(row) : denied);
    if (version !== undefined && int(row.version) !== version) {
      const since = await changesSince(trx, int(row.id), version, int(row.version));
      if (stale) throw await stale(row, since);
      const current = await getCandidate(row.uuid, actor, trx);
      throw staleCandidateConflict(staleMessage(since, asked, current.status), current, since);
    }
    return row;
  }

  /** `guardWrite` with the candidate's own 409; `asked` says whether an edit or a status change was refused. */
  const loadForWrite = (
    trx: Knex.Transaction,
    ref: string,
    actor: Caller,
    deniedMessage: string,
    version?: number,
    asked: 'edit' | 'status' = 'status',
  ): Promise<CandidateRow> => guardWrite(trx, ref, actor, { denied: deniedMessage, version, asked });

  return {
    editableJobIds,
    mayEdit,
    findCandidates,
    getCandidate,
    guardWrite,
    loadForWrite,

    /** 404 or 403 unless the actor may edit the candidate (checked before an upload is stored). */
    async assertMayEdit(ref: string, actor: Caller): Promise<void> {
      const row: CandidateOwnerRow | undefined = await whereRef(db('candidates as c'), ref).first(
        'c.id',
        'c.created_by_id',
        'c.job_id',
      );
      if (!row) throw notFound(M.notFound);
      if (!mayEdit(row, actor, await editableJobIds(actor))) throw forbidden(M.noEditPermission);
    },
  };
}
export type CandidateAccess = ReturnType<typeof createCandidateAccess>;
