import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, Role, ServerToClientEvents, SessionEndedEvent } from '@portal/contracts';

/** What a socket knows of its user, set at the handshake. */
export interface SocketUser {
  id: number;
  sid: string;
  role: Role;
  name: string;
}
/**
 * What a review page's socket knows (review-sockets.ts): its link, the share it may follow and until when; no
 * user, and not the token (kept nowhere once checked). `timer` closes it as the link expires.
 */
export interface SocketReviewLink {
  linkId: number;
  shareId: number;
  expiresAt: number;
  timer?: NodeJS.Timeout | undefined;
}
/** Between nodes (`serverSideEmit`): sessions that ended, whose sockets each node closes. */
export interface NodeEvents {
  'session:ended': (ended: SessionEndedEvent) => void;
}
/** A socket of either kind: a signed-in user's, or a review page's (signed in with its link). */
export interface SocketData {
  user?: SocketUser;
  review?: SocketReviewLink;
}
type SocketOf<D> = Socket<ClientToServerEvents, ServerToClientEvents, NodeEvents, D>;
export type AnySocket = SocketOf<SocketData>;
/** A signed-in user's socket: every handler but the review page's takes one. */
export type RealtimeSocket = SocketOf<{ user: SocketUser; review?: undefined }>;
/** A review page's socket: it may only join its own share's room. */
export type ReviewSocket = SocketOf<{ user?: undefined; review: SocketReviewLink }>;
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, NodeEvents, SocketData>;
