import type { Knex } from 'knex';
import type { Config } from './config.ts';
import type { EventBus, InUnitOfWork } from './events.ts';
import type { CounterStore } from './lib/counters.ts';
import type { FileStore } from './lib/file-store.ts';
import type { Mailer } from './lib/mailer.ts';
import { createAuthService, type AuthService } from './modules/auth/service.ts';
import { createSkillService, type SkillService } from './modules/skills/service.ts';
import { createUserService, type UserService } from './modules/users/service.ts';
import { createLocationService, type LocationService } from './modules/locations/service.ts';
import { createJobService, type JobService } from './modules/jobs/service.ts';
import { createLoginThrottle } from './modules/auth/throttle.ts';
import { createDeviceCookies } from './modules/auth/device-cookie.ts';
import { createCandidateService, type CandidateService } from './modules/candidates/service.ts';
import { createDashboardService, type DashboardService } from './modules/dashboards/service.ts';
import { createCareersService, type CareersService } from './modules/careers/service.ts';
import { createLedgerService, type LedgerService } from './modules/ledger/service.ts';
import { createFileAccessService, type FileAccessService } from './modules/files/service.ts';
import { createUploadLedger } from './lib/upload-ledger.ts';
import { createNotificationService, type NotificationService } from './modules/notifications/service.ts';
import { createAnalyticsService, type AnalyticsService } from './modules/analytics/service.ts';
import { createPeopleService, type PeopleService } from './modules/people/service.ts';
import { createReviewService, type ReviewService } from './modules/reviews/service.ts';
import { createInterviewService, type InterviewService } from './modules/interviews/service.ts';

export interface Services {
  users: UserService;
  auth: AuthService;
  skills: SkillService;
  locations: LocationService;
  jobs: JobService;
  candidates: CandidateService;
  people: PeopleService;
  dashboards: DashboardService;
  careers: CareersService;
  ledger: LedgerService;
  fileAccess: FileAccessService;
  notifications: NotificationService;
  analytics: AnalyticsService;
  reviews: ReviewService;
  interviews: InterviewService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** What the services are built on: the infrastructure the plugins decorate the app with. */
export interface ServiceDependencies {
  config: Config;
  db: Knex;
  inUnitOfWork: InUnitOfWork;
  events: EventBus;
  files: FileStore;
  counters: CounterStore;
  mailer: Mailer;
  /** The app's signing secret (sessions; device cookies derive their key from it). */
  secret: string;
}

/**
 * The composition root: every service, built once and wired to the others it asks questions of. The only
 * place that knows every module; app.ts decorates the app with the result for the routes.
 */
export function createServices({
  config,
  db,
  inUnitOfWork,
  events,
  files,
  counters,
  mailer,
  secret,
}: ServiceDependencies): Services {
  // Sessions end through the auth service (it clears its cache), built just below.
  const sessions = {
    revokeSessionsOf: (id: number, keep?: string) => services.auth.revokeSessionsOf(id, keep),
  };
  // The ledger answers the users service's question "does this customer have active purchases?".
  const ledger = createLedgerService({ db, inUnitOfWork });
  const users = createUserService({ db, inUnitOfWork, files, sessions, purchases: ledger.purchaseLedger });
  const locations = createLocationService({ db });
  const jobs = createJobService({ db, inUnitOfWork, locations });
  const notifications = createNotificationService({ db });
  const reviews = createReviewService({
    db,
    inUnitOfWork,
    files,
    jobs,
    notify: notifications,
    publicUrl: config.PUBLIC_URL,
  });
  const candidates = createCandidateService({
    db,
    inUnitOfWork,
    mailer,
    announceJobs: (jobIds, uow) => jobs.announce(jobIds, uow),
    notify: notifications,
    reviews,
  });
  const services: Services = {
    users,
    auth: createAuthService({
      db,
      users,
      sessionTtlHours: config.SESSION_TTL_HOURS,
      throttle: createLoginThrottle(counters),
      devices: createDeviceCookies(secret),
      events,
    }),
    skills: createSkillService({ db, inUnitOfWork }),
    locations,
    jobs,
    candidates,
    people: createPeopleService({ db, inUnitOfWork, candidates: candidates.forPeople }),
    dashboards: createDashboardService({ db }),
    careers: createCareersService({ jobs, candidates }),
    ledger,
    fileAccess: createFileAccessService({ db, uploads: createUploadLedger({ db, files }) }),
    notifications,
    analytics: createAnalyticsService({ db }),
    reviews,
    interviews: createInterviewService({
      db,
      inUnitOfWork,
      mailer,
      notify: notifications,
      publicUrl: config.PUBLIC_URL,
    }),
  };
  return services;
}
