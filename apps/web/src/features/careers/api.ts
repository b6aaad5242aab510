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

// The queries the route loaders and the screens share: one key and one fetcher each.

export const openingsQuery = (search: string) => ({
  queryKey: careerKeys.list(search),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchOpenings(search, signal),
});

/** No retry: a job that is not found (or no longer open) says so at once. */
export const openingQuery = (id: number) => ({
  queryKey: careerKeys.one(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchOpening(id, signal),
  retry: false,
});
