import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import type { Config } from '../config.ts';
import { createEventBus, createUnitOfWorkRunner, type EventBus, type InUnitOfWork } from '../events.ts';
import { createAuthService, type AuthService } from '../modules/auth/service.ts';
import { createSkillService, type SkillService } from '../modules/skills/service.ts';
import { createUserService, type UserService } from '../modules/users/service.ts';
import { createLocalFileStore, type FileStore } from '../lib/file-store.ts';
import { createLocationService, type LocationService } from '../modules/locations/service.ts';
import { createJobService, type JobService } from '../modules/jobs/service.ts';
import { createLoginThrottle } from '../modules/auth/throttle.ts';
import { createMemoryCounterStore, createRedisCounterStore, type CounterStore } from '../lib/counters.ts';

export interface Services {
  users: UserService;
  auth: AuthService;
  skills: SkillService;
  locations: LocationService;
  jobs: JobService;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Knex;
    events: EventBus;
    /** Runs a write in a transaction and publishes its events after the commit. */
    inUnitOfWork: InUnitOfWork;
    /** Throttle counters: in Redis when configured, so that every node counts together. */
    counters: CounterStore;
    services: Services;
    /** Uploaded files (photos, resumes, receipts): a local folder today, S3 later. */
    files: FileStore;
  }
}

/** The database, the event bus and every service, built once and shared by the routes. */
export default fp(
  async (app, { db, config }: { db: Knex; config: Config }) => {
    const events = createEventBus();
    const inUnitOfWork = createUnitOfWorkRunner(db, events);
    const counters = app.redis ? createRedisCounterStore(app.redis) : createMemoryCounterStore();
    const files = createLocalFileStore(config.UPLOADS_DIR);
    // Sessions end through the auth service (it clears its cache), built just below.
    const sessions = {
      revokeSessionsOf: (id: number, keep?: string) => services.auth.revokeSessionsOf(id, keep),
    };
    const users = createUserService({ db, inUnitOfWork, files, sessions });
    const locations = createLocationService({ db });
    const services: Services = {
      users,
      auth: createAuthService({
        db,
        users,
        sessionTtlHours: config.SESSION_TTL_HOURS,
        throttle: createLoginThrottle(counters),
      }),
      skills: createSkillService({ db, inUnitOfWork }),
      locations,
      jobs: createJobService({ db, inUnitOfWork, locations }),
    };
    app.decorate('db', db);
    app.decorate('events', events);
    app.decorate('inUnitOfWork', inUnitOfWork);
    app.decorate('counters', counters);
    app.decorate('services', services);
    app.decorate('files', files);
  },
  { name: 'services', dependencies: ['redis'] },
);
