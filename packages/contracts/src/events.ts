import { Type, type Static } from 'typebox';

/**
 * Domain events published by services after their transaction commits. The realtime layer turns
 * them into Socket.IO messages (DESIGN §6); payload schemas grow with the features that emit them.
 */
export const DOMAIN_EVENTS = {
  skillChanged: 'skill.changed',
  userChanged: 'user.changed',
  jobChanged: 'job.changed',
} as const;
export type DomainEventName = (typeof DOMAIN_EVENTS)[keyof typeof DOMAIN_EVENTS];

/** `job.changed`: which job was created, changed or (with `deleted`) removed; readers fetch it again. */
export const JobChangedEvent = Type.Object({
  id: Type.Integer(),
  deleted: Type.Optional(Type.Literal(true)),
});
export type JobChangedEvent = Static<typeof JobChangedEvent>;
