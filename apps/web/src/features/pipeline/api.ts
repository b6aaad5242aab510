import {
  type CandidateMoveBody,
  type PipelineBoard,
  type PipelineCard,
  type PipelineColumnPage,
  type PipelineFilters,
  type CandidateStatus,
  PIPELINE_PAGE,
} from '@portal/contracts';
import { api, queryString } from '../../lib/api.ts';

/** What the board says when a call fails without the server's own words. */
export const BOARD_MESSAGES = {
  loadFailed: 'Failed to load the pipeline',
  moreFailed: 'Failed to load more candidates',
  moveFailed: 'Failed to move the candidate',
} as const;

export const pipelineKeys = {
  all: ['pipeline'] as const,
  board: (jobId: number, filters: PipelineFilters) => ['pipeline', jobId, filters] as const,
};

/** A job's board: every column's total and first cards (at least a page; more when more were shown). */
export const fetchBoard = (
  jobId: number,
  filters: PipelineFilters,
  perColumn: number = PIPELINE_PAGE.default,
  signal?: AbortSignal,
) =>
  api<PipelineBoard>(`/api/jobs/${jobId}/pipeline${queryString({ ...filters, perColumn })}`, {
    fallbackMessage: BOARD_MESSAGES.loadFailed,
    signal,
  });

/** The next page of one column, after the card its `next` names. */
export const fetchColumnPage = (
  jobId: number,
  status: CandidateStatus,
  after: string,
  filters: PipelineFilters,
) =>
  api<PipelineColumnPage>(
    `/api/jobs/${jobId}/pipeline/${status}${queryString({ ...filters, after, limit: PIPELINE_PAGE.default })}`,
    { fallbackMessage: BOARD_MESSAGES.moreFailed },
  );

/** Moves a card (to another column and/or place), made from the card's `version`. */
export const moveCandidate = (uuid: string, body: CandidateMoveBody) =>
  api<PipelineCard>(`/api/candidates/${uuid}/move`, {
    method: 'POST',
    body,
    fallbackMessage: BOARD_MESSAGES.moveFailed,
  });
