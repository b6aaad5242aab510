import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { createAuthService, type AuthService } from '../modules/auth/service.ts';
import { createSkillService, type SkillService } from '../modules/skills/service.ts';
import { createUserService, type UserService } from '../modules/users/service.ts';
import { createLocationService, type LocationService } from '../modules/locations/service.ts';
import { createJobService, type JobService } from '../modules/jobs/service.ts';
import { createLoginThrottle } from '../modules/auth/throttle.ts';
import { createDeviceCookies } from '../modules/auth/device-cookie.ts';
import { createCandidateService, type CandidateService } from '../modules/candidates/service.ts';
import { createDashboardService, type DashboardService } from '../modules/dashboards/service.ts';
import { createCareersService, type CareersService } from '../modules/careers/service.ts';
import { createLedgerService, type LedgerService } from '../modules/ledger/service.ts';

export interface Services {
  users: UserService;
  auth: AuthService;
  skills: SkillService;
  locations: LocationService;
  jobs: JobService;
  candidates: CandidateService;
  dashboards: DashboardService;
  careers: CareersService;
  ledger: LedgerService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Every service, built once on the database, events, files and counters, and shared by the routes. */
export default fp(
  async (app, { config, secret }: { config: Config; secret: string }) => {
    const { db, inUnitOfWork, files, counters } = app;
    // Sessions end through the auth service (it clears its cache), built just below.
    const sessions = {
      revokeSessionsOf: (id: number, keep?: string) => services.auth.revokeSessionsOf(id, keep),
    };
    // The ledger answers the users service's question "does this customer have active purchases?".
    const ledger = createLedgerService({ db, inUnitOfWork });
    const users = createUserService({ db, inUnitOfWork, files, sessions, purchases: ledger.purchaseLedger });
    const locations = createLocationService({ db });
    const jobs = createJobService({ db, inUnitOfWork, locations });
    const services: Services = {
      users,
      auth: createAuthService({
        db,
        users,
        sessionTtlHours: config.SESSION_TTL_HOURS,
        throttle: createLoginThrottle(counters),
        devices: createDeviceCookies(secret),
        events: app.events,
      }),
      skills: createSkillService({ db, inUnitOfWork }),
      locations,
      jobs,
      candidates: createCandidateService({
        db,
        inUnitOfWork,
        mailer: app.mailer,
        announceJobs: (jobIds, uow) => jobs.announce(jobIds, uow),
      }),
      dashboards: createDashboardService({ db }),
      careers: createCareersService({ jobs }),
      ledger,
    };
    app.decorate('services', services);
  },
  { name: 'services', dependencies: ['db', 'events', 'files', 'counters', 'mail'] },
);
