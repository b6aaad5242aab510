import fp from 'fastify-plugin';
import {
  createEventBus,
  createUnitOfWorkRunner,
  type EventBus,
  type InUnitOfWork,
  type MessageOutbox,
} from '../events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Domain events, published after commit; the realtime layer subscribes. */
    events: EventBus;
    /** Runs a write in a transaction and publishes its events after the commit. */
    inUnitOfWork: InUnitOfWork;
  }
}

/** How often old messages are pruned from the outbox. */
const PRUNE_EVERY_MS = 15 * 60_000;

/**
 * The outbox is handed in (app.ts builds it from the realtime layer) so that this plugin, below the
 * realtime layer, only knows what a unit of work needs of it.
 */
export default fp<{ retentionHours: number; outbox: MessageOutbox }>(
  async (app, opts) => {
    const events = createEventBus();
    const { outbox } = opts;
    app.decorate('events', events);
    app.decorate('inUnitOfWork', createUnitOfWorkRunner(app.db, events, outbox));

    // Every node prunes; deleting what another node deleted already is harmless.
    const prune = () =>
      outbox
        .prune(new Date(Date.now() - opts.retentionHours * 3_600_000))
        .catch((err: unknown) => app.log.warn({ err }, 'event outbox prune failed'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(prune, PRUNE_EVERY_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'events', dependencies: ['db'] },
);
