import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type { DomainEvent, DomainEventName, DomainEventPayload } from '@portal/contracts';

export type { DomainEvent } from '@portal/contracts';

/**
 * In-process domain events. Services publish after their transaction commits (through `UnitOfWork`);
 * the realtime layer (and anything else that cares) subscribes. Services never import the realtime layer.
 */
export function createEventBus() {
  const emitter = new EventEmitter();
  return {
    publish<N extends DomainEventName>(name: N, payload: DomainEventPayload<N>) {
      emitter.emit('event', { name, payload } as DomainEvent);
    },
    subscribe(listener: (event: DomainEvent) => void) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;

/**
 * One database transaction and the events its writes raise. The events wait in order and are published
 * only once the outermost transaction has committed; a rollback drops them. Service methods that write
 * take an optional `UnitOfWork`, so that a caller can join several writes into one (a bulk import, an
 * application that creates a candidate, an instalment that closes a purchase).
 */
export interface UnitOfWork {
  trx: Knex.Transaction;
  /** Queues an event for after the commit. */
  emit<N extends DomainEventName>(name: N, payload: DomainEventPayload<N>): void;
  /** Runs `hook` after the commit (before the events are published), e.g. removing a file let go. */
  afterCommit(hook: () => Promise<void> | void): void;
}

export function createUnitOfWorkRunner(db: Knex, events: EventBus) {
  /**
   * Runs `work` in a transaction and returns its result after publishing its events; with `outer`,
   * runs inside that unit instead (its owner commits and publishes).
   */
  return async function inUnitOfWork<T>(
    work: (uow: UnitOfWork) => Promise<T>,
    outer?: UnitOfWork,
  ): Promise<T> {
    if (outer) return work(outer);
    const queued: DomainEvent[] = [];
    const hooks: (() => Promise<void> | void)[] = [];
    const result = await db.transaction(async (trx) =>
      work({
        trx,
        emit: (name, payload) => queued.push({ name, payload } as DomainEvent),
        afterCommit: (hook) => hooks.push(hook),
      }),
    );
    for (const hook of hooks) await hook();
    for (const event of queued) events.publish(event.name, event.payload as never);
    return result;
  };
}
export type InUnitOfWork = ReturnType<typeof createUnitOfWorkRunner>;
