import fp from 'fastify-plugin';
import { createEventBus, createUnitOfWorkRunner, type EventBus, type InUnitOfWork } from '../events.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Domain events, published after commit; the realtime layer subscribes. */
    events: EventBus;
    /** Runs a write in a transaction and publishes its events after the commit. */
    inUnitOfWork: InUnitOfWork;
  }
}

export default fp(
  async (app) => {
    const events = createEventBus();
    app.decorate('events', events);
    app.decorate('inUnitOfWork', createUnitOfWorkRunner(app.db, events));
  },
  { name: 'events', dependencies: ['db'] },
);
