import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Knex } from 'knex';
import type { Config } from './config.ts';
import authPlugin, { resolveJwtSecret } from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import securityHeaders from './plugins/security-headers.ts';
import dbPlugin from './plugins/db.ts';
import eventsPlugin from './plugins/events.ts';
import filesPlugin from './plugins/files.ts';
import countersPlugin from './plugins/counters.ts';
import webPlugin from './plugins/web.ts';
import uploadsPlugin from './plugins/uploads.ts';
import redisPlugin from './plugins/redis.ts';
import securityPlugin from './plugins/security.ts';
import { validatorCompiler } from './plugins/validation.ts';
import { createServices } from './services.ts';
import requestLog from './plugins/request-log.ts';
import openapiPlugin from './plugins/openapi.ts';
import { createAppLogger } from './lib/logger.ts';
import authRoutes from './modules/auth/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import skillRoutes from './modules/skills/routes.ts';
import userRoutes from './modules/users/routes.ts';
import fileRoutes from './modules/files/routes.ts';
import locationRoutes from './modules/locations/routes.ts';
import jobRoutes from './modules/jobs/routes.ts';
import candidateRoutes from './modules/candidates/routes.ts';
import peopleRoutes from './modules/people/routes.ts';
import pipelineRoutes from './modules/pipeline/routes.ts';
import careerRoutes from './modules/careers/routes.ts';
import careerPages from './modules/careers/pages.ts';
import mailRoutes from './modules/mail/routes.ts';
import contactRoutes from './modules/contact/routes.ts';
import ledgerRoutes from './modules/ledger/routes.ts';
import dashboardRoutes from './modules/dashboards/routes.ts';
import notificationRoutes from './modules/notifications/routes.ts';
import analyticsRoutes from './modules/analytics/routes.ts';
import reviewStaffRoutes from './modules/reviews/routes.ts';
import reviewPublicRoutes from './modules/reviews/public-routes.ts';
import interviewRoutes from './modules/interviews/routes.ts';
import mailPlugin from './plugins/mail.ts';
import realtimePlugin from './realtime/plugin.ts';
import { createOutbox } from './realtime/outbox.ts';
import eventRoutes from './realtime/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessionTtlSeconds: number;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Knex;
  /** Logger settings (tests write to a buffer; false: none). */
  logger?: FastifyServerOptions['logger'];
  /** Told of every route as it is added, schemas and config included (tests walk them). */
  onRoute?: (route: RouteOptions) => void;
  /** A logger made by createAppLogger (main.ts keeps it to flush it on shutdown); else one on stdout. */
  loggerInstance?: FastifyBaseLogger;
}

/** Log lines never carry secrets or identity numbers, whichever object they come from. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  // Plugins that log the headers they were given (the multipart reader, at trace level).
  '*.headers.authorization',
  '*.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.pan_number',
  '*.aadhar_number',
  '*.token',
];

/**
 * The hash of the <style> element react-aria adds to the page's head the first time a pressable element
 * renders (usePress, react-aria 1.x: `[data-react-aria-pressable] { touch-action: pan-x pan-y pinch-zoom; }`
 * in an @layer). Measured in Chromium over the public pages and every admin screen, it is the only inline
 * style the app applies. A react-aria release that changes that text changes the hash: apps/web/e2e/csp.e2e.ts
 * then fails with the new hash in Chromium's message.
 */
const REACT_ARIA_PRESSABLE_STYLE = "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='";

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest to us. */
function trustProxyOf(setting: Config['TRUST_PROXY']) {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

/** The whole app, nothing listening: main.ts listens, tests call `inject`. */
export async function buildApp({ config, db, logger, loggerInstance, onRoute }: BuildAppOptions) {
  const app = Fastify({
    ...(logger !== undefined
      ? { logger }
      : {
          loggerInstance:
            loggerInstance ?? createAppLogger({ level: config.LOG_LEVEL, redact: REDACTED_PATHS }).logger,
        }),
    // One line per request instead of Fastify's two (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // Proxy headers are believed only from the proxy the operator names (TRUST_PROXY).
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    // While the node shuts down, a request that arrives on a connection already open is served (with
    // `Connection: close`, so the client's next one goes elsewhere) rather than refused with a 503 that
    // the client would have to repeat by hand.
    return503OnClosing: false,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  if (onRoute) app.addHook('onRoute', onRoute);

  // Third-party wrappers first, then our decorators, then routes.
  await app.register(requestLog);
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Our stylesheets, and the one <style> element the page writes itself (react-aria's, below), by its
        // hash: no other inline <style> and no style="…" in markup. React sets style props through the DOM
        // (element.style), which CSP does not govern, so react-aria's positioning keeps working.
        styleSrc: ["'self'", REACT_ARIA_PRESSABLE_STYLE],
        // The API and the live socket, both on this origin: 'self' covers ws: and wss: to the page's own
        // host and port (CSP Level 3), so a script on the page can talk to no other host.
        connectSrc: ["'self'"],
        // The stylesheet names fonts the system has (Inter, system-ui …); nothing is downloaded.
        fontSrc: ["'self'"],
        // The contact page's embedded map.
        frameSrc: ["'self'", 'https://www.openstreetmap.org'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie);
  await app.register(redisPlugin, { url: config.REDIS_URL });
  await app.register(rateLimit, {
    global: false,
    // Per-address counters in Redis when there is one, so that several nodes share them.
    ...(app.redis ? { redis: app.redis, nameSpace: 'portal:rate:' } : {}),
  });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  // Our own decorators, one concern each, then the services built on them.
  await app.register(dbPlugin, { db });
  const outbox = createOutbox(db);
  app.decorate('outbox', outbox);
  await app.register(eventsPlugin, { retentionHours: config.EVENT_RETENTION_HOURS, outbox });
  await app.register(filesPlugin, {
    uploadsDir: config.UPLOADS_DIR,
    s3Url: config.S3_URL,
    minFreeBytes: config.MIN_FREE_DISK_MB * 1024 * 1024,
  });
  await app.register(countersPlugin);
  await app.register(mailPlugin, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const secret = resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  app.decorate(
    'services',
    createServices({
      config,
      db: app.db,
      inUnitOfWork: app.inUnitOfWork,
      events: app.events,
      files: app.files,
      counters: app.counters,
      mailer: app.mailer,
      secret,
    }),
  );
  app.decorate('sessionTtlSeconds', config.SESSION_TTL_HOURS * 3600);
  await app.register(authPlugin, {
    secret,
    ttlHours: config.SESSION_TTL_HOURS,
  });

  // Before the routes: it documents each route as it is added.
  await app.register(openapiPlugin);
  await app.register(realtimePlugin, {
    reviewLimits: { perAddress: config.REVIEW_RATE_LIMIT, perLink: config.REVIEW_LINK_RATE_LIMIT },
    trustProxy: config.TRUST_PROXY,
  });
  await app.register(healthRoutes);
  await app.register(authRoutes, { loginRateLimit: config.LOGIN_RATE_LIMIT });
  await app.register(userRoutes);
  await app.register(skillRoutes);
  await app.register(uploadsPlugin, {
    filesPerHour: config.UPLOAD_FILES_PER_HOUR,
    bytesPerHour: config.UPLOAD_MB_PER_HOUR * 1024 * 1024,
    graceMs: config.UPLOAD_GRACE_MINUTES * 60_000,
    sweepEveryMs: config.UPLOAD_SWEEP_SECONDS * 1000,
  });
  await app.register(fileRoutes);
  await app.register(locationRoutes);
  await app.register(jobRoutes);
  await app.register(candidateRoutes);
  await app.register(peopleRoutes);
  await app.register(pipelineRoutes);
  await app.register(careerRoutes, {
    applyRateLimit: config.APPLY_RATE_LIMIT,
    applicationsPerHour: config.APPLICATIONS_PER_HOUR,
  });
  await app.register(reviewStaffRoutes);
  await app.register(reviewPublicRoutes, {
    perAddress: config.REVIEW_RATE_LIMIT,
    perLink: config.REVIEW_LINK_RATE_LIMIT,
  });
  await app.register(interviewRoutes);
  await app.register(careerPages, { webDist: config.WEB_DIST, publicUrl: config.PUBLIC_URL });
  await app.register(mailRoutes);
  await app.register(contactRoutes, {
    contactTo: config.CONTACT_TO ?? 'contact@localhost',
    messagesPerHour: config.CONTACT_MESSAGES_PER_HOUR,
  });
  await app.register(ledgerRoutes);
  await app.register(dashboardRoutes);
  await app.register(notificationRoutes);
  await app.register(analyticsRoutes);
  await app.register(eventRoutes);
  await app.register(webPlugin, { webDist: config.WEB_DIST });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
