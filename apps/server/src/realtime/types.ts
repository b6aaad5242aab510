import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, Role, ServerToClientEvents, SessionEndedEvent } from '@portal/contracts';

/** What a socket knows of its user, set at the handshake. */
export interface SocketUser {
  id: number;
  sid: string;
  role: Role;
  name: string;
}
/** Between nodes (`serverSideEmit`): sessions that ended, whose sockets each node closes. */
export interface NodeEvents {
  'session:ended': (ended: SessionEndedEvent) => void;
}
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  NodeEvents,
  { user: SocketUser }
>;
export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  NodeEvents,
  { user: SocketUser }
>;
