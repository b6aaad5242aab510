import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import {
  REVIEW_MESSAGES,
  type ClientToServerEvents,
  type LiveSequence,
  type ReviewCommentEvent,
  type ReviewDecisionEvent,
  type ReviewRevokedEvent,
  type ReviewWithdrawnEvent,
  type ServerToClientEvents,
} from '@portal/contracts';
import { liveTarget } from '../../lib/live/target.ts';

type ReviewSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** How long after a refused handshake (not the link's fault) the page tries again. */
const RETRY_REFUSED_MS = 10_000;

/** The page's live connection: being opened, in its share's room, or lost (Socket.IO tries again). */
export type ReviewLiveStatus = 'connecting' | 'online' | 'offline';

/** What the open page does with its share's live messages. */
export interface ReviewLiveHandlers {
  decision: (event: ReviewDecisionEvent) => void;
  comment: (event: ReviewCommentEvent) => void;
  withdrawn: (event: ReviewWithdrawnEvent) => void;
  revoked: (event: ReviewRevokedEvent) => void;
  /** The server refused the link (handshake or join), in its words: it opens nothing any more. */
  refused: (message: string) => void;
  /** Connected again after a break the server could not bridge: what happened meanwhile is read again. */
  reconnected: () => void;
  status: (status: ReviewLiveStatus) => void;
}

/**
 * The handshake's refusals that mean the link itself is done (unknown, expired, revoked): reconnecting
 * would be refused again. Anything else (the server unreachable, restarting) is retried by Socket.IO.
 */
const LINK_REFUSALS = new Set<string>([
  REVIEW_MESSAGES.linkNotFound,
  REVIEW_MESSAGES.linkExpired,
  REVIEW_MESSAGES.linkRevoked,
  REVIEW_MESSAGES.joinRefused,
]);

/**
 * Keeps the page's own socket open while `enabled`: signed in with the link (`auth.reviewToken`, no session:
 * the client has no account), in the share's review room once `review:join` is answered. Socket.IO's client
 * is loaded only then, after the shortlist shows, so that it is not part of the page's first download.
 *
 * Each message is applied once: a repeat (the same room and number) is dropped. After a reconnect that the
 * server did not recover, the page is read again rather than pieced together (a read is one view more in
 * the recruiter's tracking, and only after a break).
 */
export function useReviewLive(
  token: string,
  enabled: boolean,
  handlers: Omit<ReviewLiveHandlers, 'status'>,
): ReviewLiveStatus {
  const [status, setStatus] = useState<ReviewLiveStatus>('connecting');
  const latest = useRef<ReviewLiveHandlers>({ ...handlers, status: setStatus });
  latest.current = { ...handlers, status: setStatus };
  useEffect(() => {
    if (!enabled) return;
    let socket: ReviewSocket | null = null;
    let stopped = false;
    void import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      socket = openReviewSocket(io, token, latest, () => stopped);
    });
    return () => {
      stopped = true;
      socket?.disconnect();
    };
  }, [token, enabled]);
  return status;
}

function openReviewSocket(
  io: typeof import('socket.io-client').io,
  token: string,
  latest: { current: ReviewLiveHandlers },
  /** Whether the page has left (then nothing is tried again). */
  isStopped: () => boolean,
): ReviewSocket {
  const { url } = liveTarget();
  const options = {
    path: '/socket.io',
    transports: ['websocket'],
    // A connection of its own, never shared with another socket of this page's origin.
    forceNew: true,
    auth: { reviewToken: token },
  };
  const s: ReviewSocket = url ? io(url, options) : io(options);
  let joinedBefore = false;
  let revoked = false;
  const applied = new Map<string, number>();
  /** Whether a message is new: messages are numbered per room; a repeat is dropped. */
  const isNew = (sequence: LiveSequence | undefined) => {
    if (!sequence || typeof sequence.seq !== 'number') return true;
    const last = applied.get(sequence.room);
    if (last !== undefined && sequence.seq <= last) return false;
    applied.set(sequence.room, sequence.seq);
    return true;
  };
  const refuse = (message: string) => {
    s.disconnect();
    latest.current.refused(message);
  };

  s.on('connect', () => {
    // A recovered connection kept its room and is sent what it missed.
    if (s.recovered) return latest.current.status('online');
    s.emit('review:join', { token }, (answer) => {
      if (!answer.ok) return refuse(answer.message);
      latest.current.status('online');
      if (joinedBefore) {
        applied.clear();
        latest.current.reconnected();
      }
      joinedBefore = true;
    });
  });
  s.on('connect_error', (error) => {
    latest.current.status('offline');
    if (LINK_REFUSALS.has(error.message)) return refuse(error.message);
    // Socket.IO retries a connection that failed by itself, not one the server refused (too many attempts,
    // briefly unavailable): that one is tried again a little later.
    if (!s.active) setTimeout(() => !isStopped() && s.connect(), RETRY_REFUSED_MS);
  });
  s.on('disconnect', (reason) => {
    latest.current.status('offline');
    // The server closes the socket itself when the link expires (or is revoked): the page reads what the
    // link says now (an expired link's page, whom to ask) rather than reconnect.
    if (reason === 'io server disconnect' && !revoked) latest.current.refused(REVIEW_MESSAGES.joinRefused);
  });
  s.on('review:decision', (event, sequence) => isNew(sequence) && latest.current.decision(event));
  s.on('review:comment', (event, sequence) => isNew(sequence) && latest.current.comment(event));
  s.on('review:withdrawn', (event, sequence) => isNew(sequence) && latest.current.withdrawn(event));
  s.on('review:revoked', (event, sequence) => {
    if (!isNew(sequence)) return;
    revoked = true;
    s.disconnect();
    latest.current.revoked(event);
  });
  return s;
}
