import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DashboardFigures } from './figures.ts';
import type { Viewers } from './viewers.ts';
import type { RealtimeServer } from './types.ts';

/**
 * The realtime layer's part in closing the app. Open WebSockets would keep the HTTP server from closing:
 * they end first (`preClose`; Fastify closes the server after), once nothing more is sent to them.
 */
export function addShutdown(
  app: FastifyInstance,
  {
    io,
    adapterClient,
    stopDelivery,
    figures,
    viewers,
  }: {
    io: RealtimeServer;
    adapterClient: Redis | undefined;
    stopDelivery: () => void;
    figures: DashboardFigures;
    viewers: Viewers;
  },
) {
  app.addHook('preClose', async () => {
    stopDelivery();
    await figures.close();
    await viewers.close();
    // Closing the transports (not `disconnectSockets`, which says "io server disconnect": the session
    // ended, do not come back) lets browsers reconnect, to this node restarted or to another one.
    io.engine.close();
    // Stops the adapter's stream polling (it closes the connections it opened itself).
    await io.of('/').adapter.close();
  });
  app.addHook('onClose', async () => {
    await adapterClient?.quit().catch(() => adapterClient.disconnect());
  });
}
