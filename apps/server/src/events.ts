import { EventEmitter } from 'node:events';
import type { DomainEventName } from '@portal/contracts';

export interface DomainEvent {
  name: DomainEventName;
  payload: unknown;
}

/**
 * In-process domain events. Services publish after their transaction commits; the realtime layer
 * (and anything else that cares) subscribes. Services never import the realtime layer.
 */
export function createEventBus() {
  const emitter = new EventEmitter();
  return {
    publish(name: DomainEventName, payload: unknown) {
      emitter.emit('event', { name, payload } satisfies DomainEvent);
    },
    subscribe(listener: (event: DomainEvent) => void) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
  };
}
export type EventBus = ReturnType<typeof createEventBus>;
