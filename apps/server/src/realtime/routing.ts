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
    case 'candidate.client_feedback': {
      // Field by field: whatever else the service's object carries stays on the server.
      const { uuid, candidateId, jobId, decision, reason, comments, kind, by, at } = event.payload;
      return to([rooms.job(jobId)], {
        name: 'candidate:client-feedback',
        payload: { uuid, candidateId, jobId, decision, reason, comments, kind, by, at },
      });
    }
    // A share's review pages (people outside the firm) hear exactly the contract's fields, not the share's
    // number (their room names it) nor anything internal a service's object may carry.
    case 'review.decision': {
      const { shareId, uuid, decision: d } = event.payload;
      const decision = {
        linkId: d.linkId,
        by: d.by,
        decision: d.decision,
        reason: d.reason,
        comment: d.comment,
        rating: d.rating,
        at: d.at,
      };
      return to([rooms.review(shareId)], { name: 'review:decision', payload: { uuid, decision } });
    }
    case 'review.comment': {
      const { shareId, uuid, comment: c } = event.payload;
      const comment = { id: c.id, from: c.from, author: c.author, text: c.text, at: c.at, linkId: c.linkId };
      return to([rooms.review(shareId)], { name: 'review:comment', payload: { uuid, comment } });
    }
    case 'review.withdrawn': {
      const { shareId, uuid, name } = event.payload;
      return to([rooms.review(shareId)], { name: 'review:withdrawn', payload: { uuid, name } });
    }
    // To the revoked link's own sockets only (delivery.ts then closes them): the share's others go on.
    case 'review.revoked': {
      const { linkId, message } = event.payload;
      return to([rooms.reviewLink(linkId)], { name: 'review:revoked', payload: { linkId, message } });
    }
    case 'interview.scheduled':
      return to([rooms.job(event.payload.jobId)], { name: 'interview:scheduled', payload: event.payload });
    case 'interview.changed':
      return to([rooms.job(event.payload.jobId)], { name: 'interview:changed', payload: event.payload });
    case 'interview.cancelled':
      return to([rooms.job(event.payload.jobId)], { name: 'interview:cancelled', payload: event.payload });
    case 'ledger.changed':
      return to([rooms.ledger], { name: 'ledger:changed', payload: event.payload });
    default:
      return [];
  }
}
