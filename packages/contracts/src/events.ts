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
