import { useState } from 'react';
import { useLiveEvent, useLiveRoom } from '../../lib/live.ts';

/** Who changed the record (null when the message does not say), and to which version. */
export interface ChangedElsewhere {
  version: number;
  by: string | null;
}

/**
 * Whether the candidate a form was loaded from has changed since (another user's edit or status change,
 * heard in its job's room). The form keeps what this person typed; it only learns that a newer version
 * exists, and by whom, so that it can offer to load it.
 */
export function useChangedElsewhere(
  loaded: { id: number; version: number; job_id: number } | undefined,
): ChangedElsewhere | null {
  const [newer, setNewer] = useState<ChangedElsewhere | null>(null);
  // Editing a candidate is being on that candidate's screen: the job's viewers see this person.
  useLiveRoom(loaded ? { kind: 'job', jobId: loaded.job_id, viewing: true } : null);
  const note = (id: number, version: number, by: string | null) => {
    if (!loaded || id !== loaded.id || version <= loaded.version) return;
    setNewer((n) => (n && n.version >= version ? n : { version, by: by ?? n?.by ?? null }));
  };
  useLiveEvent('candidate:updated', (c) => note(c.id, c.version, null));
  useLiveEvent('candidate:status-changed', (e) => note(e.candidateId, e.version, e.changedBy));
  // A move on the pipeline board says it in its own message (a place in a column raises the version too).
  useLiveEvent('candidate:moved', (e) => note(e.candidateId, e.version, e.by.name));
  return newer && loaded && newer.version > loaded.version ? newer : null;
}
