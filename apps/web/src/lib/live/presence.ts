import { useSyncExternalStore } from 'react';

// Who is viewing each job (the latest `presence` of its room), for screens that mount after it came.
export type Viewer = { userId: number; name: string };
let presence = new Map<number, Viewer[]>();
const presenceListeners = new Set<() => void>();

function setPresence(next: Map<number, Viewer[]>) {
  presence = next;
  presenceListeners.forEach((l) => l());
}

/** The job's room told who views it now. */
export function setViewers(jobId: number, viewers: Viewer[]) {
  setPresence(new Map(presence).set(jobId, viewers));
}

/** No screen views the job any more: its viewers are no longer told to this client, so they are dropped. */
export function forgetViewers(jobId: number) {
  if (!presence.has(jobId)) return;
  const next = new Map(presence);
  next.delete(jobId);
  setPresence(next);
}

/** The connection closed (sign-out): nobody is known to view anything. */
export function forgetAllViewers() {
  presence = new Map();
}

/** Who views each job, as it changes. */
export function useViewers(): ReadonlyMap<number, Viewer[]> {
  return useSyncExternalStore(
    (l) => {
      presenceListeners.add(l);
      return () => void presenceListeners.delete(l);
    },
    () => presence,
  );
}
