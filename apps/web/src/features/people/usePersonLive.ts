import { useQueryClient } from '@tanstack/react-query';
import { PERSON_FIELDS, type Person } from '@portal/contracts';
import { markFresh, useLiveEvent, useLiveRooms, type LiveRoom } from '../../lib/live.ts';
import { peopleKeys } from './api.ts';

/**
 * Keeps a person's page live: it follows the rooms of the jobs the person has applications in (where the
 * server tells of the person's changes), shows a change of the person's fields at once, and reads the
 * person again when one of their applications changed (a status, a move, a new or deleted application).
 */
export function usePersonLive(person: Person | undefined) {
  const queryClient = useQueryClient();
  const jobIds = [...new Set(person?.applications.map((a) => a.job_id) ?? [])];
  useLiveRooms(jobIds.map((jobId): LiveRoom => ({ kind: 'job', jobId })));
  const id = person?.id ?? 0;
  const key = peopleKeys.one(id);
  const refetch = () => void queryClient.invalidateQueries({ queryKey: key });
  const ours = (candidateId: number) => person?.applications.some((a) => a.id === candidateId) === true;

  useLiveEvent('person:updated', (e) => {
    if (e.personId !== id) return;
    const fields = Object.fromEntries(
      Object.entries(e.fields).filter(([f]) => (PERSON_FIELDS as readonly string[]).includes(f)),
    );
    queryClient.setQueryData<Person>(key, (p) =>
      p && p.version < e.version
        ? {
            ...p,
            ...fields,
            version: e.version,
            applications: p.applications.map((a) => ({ ...a, ...fields })),
          }
        : p,
    );
    markFresh(`person:${id}`);
    refetch();
  });
  useLiveEvent('candidate:status-changed', (e) => ours(e.candidateId) && refetch());
  useLiveEvent('candidate:moved', (e) => ours(e.candidateId) && refetch());
  useLiveEvent('candidate:deleted', (e) => ours(e.candidateId) && refetch());
  useLiveEvent('candidate:updated', (c) => (ours(c.id) || c.person_id === id) && refetch());
  useLiveEvent('candidate:created', (c) => c.person_id === id && refetch());
}
