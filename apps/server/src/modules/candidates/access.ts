/**
 * Who may change a candidate, and the candidates as a given caller reads them: the jobs a caller may edit,
 * the edit rule itself, reading candidates with their `canEdit`, and the locked row a write starts from.
 */
import type { Knex } from 'knex';
import { CANDIDATE_MESSAGES as M, type Candidate } from '@portal/contracts';
import { forbidden, notFound } from '../../errors.ts';
import type { Caller } from '../../lib/caller.ts';
import { CandidateModel } from './model.ts';
import { selectCandidates, whereRef } from './columns.ts';
import { lockJobOfCandidate } from './positions.ts';
import { staleCandidateConflict } from './changes.ts';

type Db = Knex | Knex.Transaction;
type Row = Record<string, unknown>;

export function createCandidateAccess({ db }: { db: Knex }) {
  /** The jobs a non-admin may edit (creator or listed editor): their candidates are the reader's to edit. */
  async function editableJobIds(reader: Caller, trx: Db = db): Promise<Set<number>> {
    if (reader.role === 'admin') return new Set();
    const ids = await trx('jobs')
      .where('created_by_id', reader.id)
      .pluck('id')
      .union((u) => u.select('job_id').from('job_editors').where('user_id', reader.id));
    return new Set(
      (ids as unknown[]).map((r) => Number(typeof r === 'object' ? Object.values(r as Row)[0] : r)),
    );
  }

  /** Who may change a candidate: its creator, an admin, or anyone who may edit the candidate's job. */
  const mayEdit = (row: Row, reader: Caller, jobs: Set<number>) =>
    reader.role === 'admin' || Number(row.created_by_id) === reader.id || jobs.has(Number(row.job_id));

  async function findCandidates(ids: number[], reader: Caller, trx: Db = db): Promise<Candidate[]> {
    if (ids.length === 0) return [];
    const [rows, jobs] = await Promise.all([
      selectCandidates(trx).whereIn('c.id', ids) as Promise<Row[]>,
      editableJobIds(reader, trx),
    ]);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [CandidateModel.toRecord(row, mayEdit(row, reader, jobs))] : [];
    });
  }

  async function getCandidate(ref: string, reader: Caller, trx: Db = db): Promise<Candidate> {
    const row = (await whereRef(selectCandidates(trx), ref).first()) as Row | undefined;
    if (!row) throw notFound(M.notFound);
    return CandidateModel.toRecord(row, mayEdit(row, reader, await editableJobIds(reader, trx)));
  }

  /**
   * The candidate's row, locked for this transaction, if the actor may change it; else 404 or 403 with
   * `deniedMessage`. With `version` (the one the change was made from), a candidate changed since gets
   * 409 with the candidate as it is now and the changes made since (who, which fields), so that the screen
   * can show them; `asked` says whether an edit or a status change was refused.
   */
  async function loadForWrite(
    trx: Knex.Transaction,
    ref: string,
    actor: Caller,
    deniedMessage: string,
    version?: number,
    asked: 'edit' | 'status' = 'status',
  ): Promise<Row> {
    await lockJobOfCandidate(trx, ref);
    const row = (await whereRef(trx('candidates as c'), ref).forUpdate().first('c.*')) as Row | undefined;
    if (!row) throw notFound(M.notFound);
    if (!mayEdit(row, actor, await editableJobIds(actor, trx))) throw forbidden(deniedMessage);
    if (version !== undefined && Number(row.version) !== version) {
      const current = await getCandidate(String(row.id), actor, trx);
      throw await staleCandidateConflict(trx, current, version, asked);
    }
    return row;
  }

  return {
    editableJobIds,
    mayEdit,
    findCandidates,
    getCandidate,
    loadForWrite,

    /** 404 or 403 unless the actor may edit the candidate (checked before an upload is stored). */
    async assertMayEdit(ref: string, actor: Caller): Promise<void> {
      const row = (await whereRef(db('candidates as c'), ref).first(
        'c.id',
        'c.created_by_id',
        'c.job_id',
      )) as Row | undefined;
      if (!row) throw notFound(M.notFound);
      if (!mayEdit(row, actor, await editableJobIds(actor))) throw forbidden(M.noEditPermission);
    },
  };
}
export type CandidateAccess = ReturnType<typeof createCandidateAccess>;
