import { PUBLIC_MESSAGES, type ApplicationAnswer, type PublicJob } from '@portal/contracts';
import { api, queryString } from '../../lib/api.ts';

/** The careers pages' calls: no sign-in, no token. */
export const careerKeys = {
  list: (search: string) => ['careers', 'list', search] as const,
  one: (id: number) => ['careers', 'one', id] as const,
};

export const fetchOpenings = (search: string, signal?: AbortSignal) =>
  api<PublicJob[]>(`/api/public/jobs${queryString({ search: search.trim() })}`, {
    signal,
    skipSessionRule: true,
  });

export const fetchOpening = (id: number, signal?: AbortSignal) =>
  api<PublicJob>(`/api/public/jobs/${id}`, {
    signal,
    fallbackMessage: PUBLIC_MESSAGES.jobNotFound,
    skipSessionRule: true,
  });

export const submitApplication = (jobId: number, form: FormData) =>
  api<ApplicationAnswer>(`/api/public/jobs/${jobId}/apply`, {
    method: 'POST',
    body: form,
    fallbackMessage: PUBLIC_MESSAGES.applyFailed,
    skipSessionRule: true,
  });

/** A job id in a careers URL, or null for anything that cannot be one (the page then says "Job not found"). */
export function jobIdOf(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}
