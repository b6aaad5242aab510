import Fastify, { type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Knex } from 'knex';
import type { Config } from './config.ts';
import authPlugin, { resolveJwtSecret } from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import securityHeaders from './plugins/security-headers.ts';
import servicesPlugin from './plugins/services.ts';
import webPlugin from './plugins/web.ts';
import uploadsPlugin from './plugins/uploads.ts';
import { validatorCompiler } from './plugins/validation.ts';
import authRoutes from './modules/auth/routes.ts';
import skillRoutes from './modules/skills/routes.ts';
import userRoutes from './modules/users/routes.ts';
import fileRoutes from './modules/files/routes.ts';
import locationRoutes from './modules/locations/routes.ts';
import jobRoutes from './modules/jobs/routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sessionTtlSeconds: number;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Knex;
  logger?: FastifyServerOptions['logger'];
}

/** Log lines never carry secrets or identity numbers, whichever object they come from. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.pan_number',
  '*.aadhar_number',
  '*.token',
];

/** The whole app, nothing listening: main.ts listens, tests call `inject`. */
export async function buildApp({ config, db, logger }: BuildAppOptions) {
  const app = Fastify({
    logger: logger ?? { level: config.LOG_LEVEL, redact: REDACTED_PATHS },
    trustProxy: true,
    bodyLimit: 1_048_576,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);

  // Third-party wrappers first, then our decorators, then routes.
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  await app.register(cookie);
  await app.register(rateLimit, { global: false });
  await app.register(errorsPlugin);
  await app.register(servicesPlugin, { db, config });
  app.decorate('sessionTtlSeconds', config.SESSION_TTL_HOURS * 3600);
  await app.register(authPlugin, {
    secret: resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR),
    ttlHours: config.SESSION_TTL_HOURS,
  });

  await app.register(authRoutes, { loginRateLimit: config.LOGIN_RATE_LIMIT });
  await app.register(userRoutes);
  await app.register(skillRoutes);
  await app.register(uploadsPlugin);
  await app.register(fileRoutes);
  await app.register(locationRoutes);
  await app.register(jobRoutes);
  await app.register(webPlugin, { webDist: config.WEB_DIST });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
