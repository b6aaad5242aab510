import { EventEmitter } from 'node:events';
import type { Knex } from 'knex';
import type {
  DomainEvent,
  DomainEventName,
  DomainEventPayload,
  SequencedMessageName,
  SequencedServerEvents,
} from '@portal/contracts';

export type { DomainEvent } from '@portal/contracts';

/** A message for a live room, as the realtime routing makes it from a domain event. */
export type RoomMessage = {
  [N in SequencedMessageName]: { room: string; name: N; payload: Parameters<SequencedServerEvents[N]>[0] };
}[SequencedMessageName];
/** …with its number in the room's sequence, given in the change's transaction (the event outbox). */
export type SequencedMessage = RoomMessage & { seq: number; at: Date };

/** Where a unit of work keeps the messages its events send, inside its transaction (realtime/outbox.ts). */
export interface MessageOutbox {
  record(trx: Knex.Transaction, events: DomainEvent[]): Promise<SequencedMessage[]>;
  /** Removes the messages kept from before `before` (browsers that far behind refetch instead). */
  prune(before: Date): Promise<number>;
}

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
    /** Hands the committed room messages of a unit of work to whoever sends them (the realtime layer). */
    deliver(messages: SequencedMessage[]) {
      if (messages.length > 0) emitter.emit('messages', messages);
    },
    onDeliver(listener: (messages: SequencedMessage[]) => void) {
      emitter.on('messages', listener);
      return () => emitter.off('messages', listener);
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

export function createUnitOfWorkRunner(db: Knex, events: EventBus, outbox?: MessageOutbox) {
  /**
   * Runs `work` in a transaction and returns its result after publishing its events; with `outer`,
   * runs inside that unit instead (its owner commits and publishes). The messages the events send to
   * live rooms are numbered and kept in the outbox as the transaction's last writes: a rollback takes
   * them with it, and a commit makes the change and its messages visible together.
   */
  return async function inUnitOfWork<T>(
    work: (uow: UnitOfWork) => Promise<T>,
    outer?: UnitOfWork,
  ): Promise<T> {
    if (outer) return work(outer);
    const queued: DomainEvent[] = [];
    const hooks: (() => Promise<void> | void)[] = [];
    let messages: SequencedMessage[] = [];
    const result = await db.transaction(async (trx) => {
      const value = await work({
        trx,
        emit: (name, payload) => queued.push({ name, payload } as DomainEvent),
        afterCommit: (hook) => hooks.push(hook),
      });
      if (outbox && queued.length > 0) messages = await outbox.record(trx, queued);
      return value;
    });
    for (const hook of hooks) await hook();
    for (const event of queued) events.publish(event.name, event.payload as never);
    events.deliver(messages);
    return result;
  };
}
export type InUnitOfWork = ReturnType<typeof createUnitOfWorkRunner>;
