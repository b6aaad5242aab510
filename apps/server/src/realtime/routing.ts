import type { BroadcastOperator } from 'socket.io';
import type { DomainEvent, ServerToClientEvents } from '@portal/contracts';
import { rooms } from './rooms.ts';

type To = BroadcastOperator<ServerToClientEvents, { user: unknown }>;
export interface Delivery {
  room: string;
  send: (to: To) => void;
}

const each = (targets: string[], send: (to: To) => void): Delivery[] =>
  targets.map((room) => ({ room, send }));

/**
 * Which rooms hear of a domain event, and with which message (DESIGN §6). One place: the services know
 * nothing of sockets, and the sockets nothing of services.
 */
export function routeEvent(event: DomainEvent): Delivery[] {
  switch (event.name) {
    case 'job.changed': {
      const job = event.payload;
      return each([rooms.job(job.id), rooms.board, rooms.dashboard], (to) => to.emit('job:changed', job));
    }
    case 'candidate.created': {
      const c = event.payload;
      return each([rooms.job(c.job_id), rooms.dashboard], (to) => to.emit('candidate:created', c));
    }
    case 'candidate.status_changed': {
      const change = event.payload;
      return each([rooms.job(change.jobId), rooms.dashboard], (to) =>
        to.emit('candidate:status-changed', change),
      );
    }
    case 'candidate.updated': {
      const c = event.payload;
      return each([rooms.job(c.job_id)], (to) => to.emit('candidate:updated', c));
    }
    case 'candidate.deleted': {
      const gone = event.payload;
      return each([rooms.job(gone.jobId)], (to) => to.emit('candidate:deleted', gone));
    }
    default:
      return [];
  }
}
