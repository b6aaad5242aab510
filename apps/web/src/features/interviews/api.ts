import type { Interview, InterviewCreate, InterviewList, InterviewUpdate } from '@portal/contracts';
import { api } from '../../lib/api.ts';
import { INTERVIEW_SCREEN_MESSAGES as S } from './messages.ts';

/** Under the candidates' key: whatever refreshes a candidate refreshes its interviews too. */
export const interviewKeys = {
  all: ['candidates', 'interviews'] as const,
  one: (uuid: string) => ['candidates', 'interviews', uuid] as const,
};

const candidatePath = (uuid: string) => `/api/candidates/${encodeURIComponent(uuid)}/interviews`;

/** The candidate's interviews, cancelled ones too. */
export const fetchInterviews = (uuid: string, signal?: AbortSignal) =>
  api<InterviewList>(candidatePath(uuid), { fallbackMessage: S.loadFailed, signal });

export const scheduleInterview = (uuid: string, body: InterviewCreate) =>
  api<Interview>(candidatePath(uuid), { method: 'POST', body, fallbackMessage: S.saveFailed });

export const rescheduleInterview = (id: number, body: InterviewUpdate) =>
  api<Interview>(`/api/interviews/${id}`, { method: 'PATCH', body, fallbackMessage: S.saveFailed });

export const cancelInterview = (id: number) =>
  api<Interview>(`/api/interviews/${id}/cancel`, {
    method: 'POST',
    body: {},
    fallbackMessage: S.cancelFailed,
  });
