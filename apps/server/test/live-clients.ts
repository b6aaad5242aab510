// Socket.IO clients for the realtime tests: real `socket.io-client` sockets on a listening app.
import { io as connect, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@portal/contracts';

export type LiveClient = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * Opens clients that do not reconnect by themselves (each test decides when one comes back) and closes them
 * all with `closeAll`. `open` resolves once connected, and rejects with the handshake's refusal.
 */
export function liveClients() {
  const clients: LiveClient[] = [];
  return {
    open(
      url: string,
      who: {
        token?: string;
        /** The handshake's `auth` as given (a review page's `{ reviewToken }`), instead of `{ token }`. */
        auth?: Record<string, unknown>;
        cookie?: string;
        headers?: Record<string, string>;
      } = {},
    ): Promise<LiveClient> {
      const client: LiveClient = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...(who.token ? { auth: { token: who.token } } : {}),
        ...(who.auth ? { auth: who.auth } : {}),
        extraHeaders: { ...who.headers, ...(who.cookie ? { cookie: who.cookie } : {}) },
      });
      clients.push(client);
      return new Promise((resolve, reject) => {
        client.once('connect', () => resolve(client));
        client.once('connect_error', reject);
      });
    },
    closeAll: () => clients.forEach((client) => client.disconnect()),
  };
}

/** Waits until `check` holds or `ms` pass; answers whether it holds (messages arrive asynchronously). */
export async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
}
