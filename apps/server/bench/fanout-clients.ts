/**
 * The client side of the fan-out bench (fanout.ts), in a process of its own so that thousands of sockets do
 * not share the servers' event loop. Connects sockets (WebSocket transport only), joins each to a room, and
 * reports for each round (a message's `version`) when the last socket received it. The message that counts
 * is `candidate:status-changed`, or the one the connect command names (`candidate:moved` for board moves,
 * `person:updated` for a person's change, `candidate:client-feedback` for a client's decision). A round is
 * named by the message's `version`, or, for a message that carries none (`roundBy: 'count'`), by its place
 * among the socket's messages (the nth message is round n).
 */
import { io, type Socket } from 'socket.io-client';

export type ClientCommand =
  | {
      cmd: 'connect';
      urls: string[];
      count: number;
      token?: string;
      /** `payloads`: socket k joins with payloads[k % length] (sockets spread over several rooms). */
      join: { event: string; payload?: unknown; payloads?: unknown[] };
      /** The message whose arrival ends a round. */
      message?: string;
      roundBy?: 'version' | 'count';
    }
  | { cmd: 'close' };
export type ClientReport =
  | { type: 'connected'; sockets: number; failed: number }
  | { type: 'round'; round: number; last: number; received: number }
  | { type: 'closed' };

const now = () => performance.timeOrigin + performance.now();
const sockets: Socket[] = [];
const arrivals = new Map<number, number>();
const send = (report: ClientReport) => process.send!(report);

function arrived(round: number) {
  const received = (arrivals.get(round) ?? 0) + 1;
  arrivals.set(round, received);
  if (received === sockets.length) send({ type: 'round', round, last: now(), received });
}

function connectOne(
  url: string,
  token: string | undefined,
  join: { event: string; payload?: unknown },
  message: string,
  roundBy: 'version' | 'count',
) {
  // Only `version` is read: a candidate's for a status change or a move, the person's for `person:updated`.
  let received = 0;
  return new Promise<boolean>((resolve) => {
    const s = io(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      timeout: 60_000,
      ...(token ? { auth: { token } } : {}),
    });
    s.on(message, (payload: { version: number }) =>
      arrived(roundBy === 'count' ? ++received : payload.version),
    );
    s.once('connect', () => {
      sockets.push(s);
      const ack = () => resolve(true);
      if (join.payload === undefined) s.emit(join.event, ack);
      else s.emit(join.event, join.payload, ack);
    });
    s.once('connect_error', () => resolve(false));
  });
}

/** Connections opened at once: enough to be quick, few enough not to time out the handshakes. */
const BATCH = 200;

process.on('message', async (command: ClientCommand) => {
  if (command.cmd === 'connect') {
    let failed = 0;
    for (let i = 0; i < command.count; i += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, command.count - i) }, (_, j) =>
        connectOne(
          command.urls[(i + j) % command.urls.length]!,
          command.token,
          command.join.payloads
            ? {
                event: command.join.event,
                payload: command.join.payloads[(i + j) % command.join.payloads.length],
              }
            : command.join,
          command.message ?? 'candidate:status-changed',
          command.roundBy ?? 'version',
        ),
      );
      failed += (await Promise.all(batch)).filter((ok) => !ok).length;
    }
    send({ type: 'connected', sockets: sockets.length, failed });
  } else {
    sockets.forEach((s) => s.disconnect());
    send({ type: 'closed' });
    process.exit(0);
  }
});
