import type { Candidate, LiveCandidate } from '@portal/contracts';
import type { DomainEvent, RoomMessage } from '../events.ts';
import { rooms } from './rooms.ts';

/** The candidate without what only its reader may know (`canEdit`): one message goes to a whole room. */
function forEveryReader(candidate: Candidate | LiveCandidate): LiveCandidate {
  // Made without it (a bulk import's records): no copy of each.
  if (!('canEdit' in candidate)) return candidate;
  const { canEdit: _readerOwn, ...shared } = candidate;
  return shared;
}

const to = <M extends RoomMessage>(targets: string[], message: Omit<M, 'room'>): RoomMessage[] =>
  targets.map((room) => ({ ...message, room }) as RoomMessage);

/**
 * Which rooms hear of a domain event, and with which message. One place: the services know
 * nothing of sockets, and the sockets nothing of services. The outbox numbers and keeps these messages
 * in the change's transaction; the realtime plugin sends them after the commit.
 */
export function routeEvent(event: DomainEvent): RoomMessage[] {
  switch (event.name) {
    case 'job.changed': {
      const job = event.payload;
      return to([rooms.job(job.id), rooms.board, rooms.dashboard], { name: 'job:changed', payload: job });
    }
    case 'candidate.created': {
      const c = event.payload;
      return to([rooms.job(c.job_id), rooms.dashboard], {
        name: 'candidate:created',
        payload: forEveryReader(c),
      });
    }
    case 'candidate.status_changed': {
      const change = event.payload;
      return to([rooms.job(change.jobId), rooms.dashboard], {
        name: 'candidate:status-changed',
        payload: change,
      });
    }
    case 'candidate.updated': {
      const c = event.payload;
      return to([rooms.job(c.job_id)], { name: 'candidate:updated', payload: forEveryReader(c) });
    }
    case 'candidate.deleted': {
      const gone = event.payload;
      return to([rooms.job(gone.jobId)], { name: 'candidate:deleted', payload: gone });
    }
    case 'candidate.moved': {
      // A place within the same column moves no figure: only the job's room hears of it.
      const move = event.payload;
      const targets =
        move.from === move.to ? [rooms.job(move.jobId)] : [rooms.job(move.jobId), rooms.dashboard];
      return to(targets, { name: 'candidate:moved', payload: move });
    }
    case 'person.updated': {
      const { jobIds, ...message } = event.payload;
      return to(jobIds.map(rooms.job), { name: 'person:updated', payload: message });
    }
    case 'ledger.changed':
      return to([rooms.ledger], { name: 'ledger:changed', payload: event.payload });
    default:
      return [];
  }
}
