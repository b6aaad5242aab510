import { Type, type Static } from 'typebox';
import { isAbsolute, resolve } from 'node:path';
import { Value } from 'typebox/value';

/**
 * The environment, validated once at start (DESIGN §4). Every value has a default so that a fresh
 * clone starts with no variable set; a value that is set but wrong stops the start with a clear line.
 */
export const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0' }),
  DATABASE_URL: Type.String({ pattern: '^(sqlite:|mysql2?://)', default: 'sqlite:./data/portal.sqlite' }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  ADMIN_USERNAME: Type.String({ minLength: 1, maxLength: 50, default: 'admin' }),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 6 })),
  UPLOADS_DIR: Type.String({ minLength: 1, default: './data/uploads' }),
  DATA_DIR: Type.String({ minLength: 1, default: './data' }),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.Optional(Type.String()),
  CONTACT_TO: Type.Optional(Type.String()),
  SEED_DEMO: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
  /** Where the built web app lives; unset means "apps/web/dist" when it exists. */
  WEB_DIST: Type.Optional(Type.String()),
  LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
  /** Sign-in attempts allowed per client address per minute. */
  LOGIN_RATE_LIMIT: Type.Integer({ minimum: 1, default: 10 }),
  /** Public applications one address may send in ten minutes (careers pages). */
  APPLY_RATE_LIMIT: Type.Integer({ minimum: 1, default: 10 }),
  SESSION_TTL_HOURS: Type.Integer({ minimum: 1, maximum: 24 * 30, default: 12 }),
  /** Per-user upload allowance per hour: files, and megabytes (bulk imports send hundreds of resumes). */
  UPLOAD_FILES_PER_HOUR: Type.Integer({ minimum: 1, default: 1000 }),
  UPLOAD_MB_PER_HOUR: Type.Integer({ minimum: 1, default: 1024 }),
  /** An upload no record points at after this many minutes is removed by the sweeper (default a day)… */
  UPLOAD_GRACE_MINUTES: Type.Integer({ minimum: 0, maximum: 60 * 24 * 30, default: 1440 }),
  /** …which looks every this many seconds. */
  UPLOAD_SWEEP_SECONDS: Type.Integer({ minimum: 1, maximum: 86_400, default: 900 }),
  /** How long the event outbox keeps live rooms' messages for clients that reconnect (default a day). */
  EVENT_RETENTION_HOURS: Type.Integer({ minimum: 1, maximum: 24 * 30, default: 24 }),
  /**
   * The reverse proxy in front of the app: a hop count, or its addresses (comma-separated IPs or CIDR
   * ranges, or loopback / uniquelocal). Unset: X-Forwarded-* headers are not believed, and a client's
   * address is the socket's, so nobody can pick their own address to dodge the sign-in throttle.
   */
  TRUST_PROXY: Type.Optional(
    Type.Union([
      Type.Integer({ minimum: 1, maximum: 10 }),
      Type.String({
        pattern: '^[0-9a-fA-F.:/, ]+$|^(loopback|linklocal|uniquelocal)(,\\s*[0-9a-zA-Z.:/]+)*$',
      }),
    ]),
  ),
});
export type Config = Static<typeof ConfigSchema>;

const NUMERIC_KEYS = [
  'PORT',
  'LOGIN_RATE_LIMIT',
  'APPLY_RATE_LIMIT',
  'SESSION_TTL_HOURS',
  'TRUST_PROXY',
  'UPLOAD_FILES_PER_HOUR',
  'UPLOAD_MB_PER_HOUR',
  'UPLOAD_GRACE_MINUTES',
  'UPLOAD_SWEEP_SECONDS',
  'EVENT_RETENTION_HOURS',
] as const;

export class ConfigError extends Error {}

/** Reads the environment into a typed config, or throws one ConfigError that names each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.keys(ConfigSchema.properties);
  const raw: Record<string, unknown> = {};
  for (const key of known) {
    const value = env[key];
    if (value === undefined || value === '') continue;
    raw[key] =
      (NUMERIC_KEYS as readonly string[]).includes(key) && /^-?\d+$/.test(value) ? Number(value) : value;
  }
  const withDefaults = Value.Default(ConfigSchema, raw) as Record<string, unknown>;
  const errors = [...Value.Errors(ConfigSchema, withDefaults)];
  if (errors.length > 0) {
    const lines = errors.map((e) => {
      const key = e.instancePath.replace(/^\//, '');
      return `  ${key}=${JSON.stringify(env[key] ?? '')}: ${e.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return resolvePaths(withDefaults as Config, env.INIT_CWD ?? process.cwd());
}

/** Relative paths mean "from where `npm start` was typed", even though npm runs the server in its workspace. */
function resolvePaths(config: Config, base: string): Config {
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(base, p));
  const db = config.DATABASE_URL;
  return {
    ...config,
    DATA_DIR: abs(config.DATA_DIR),
    UPLOADS_DIR: abs(config.UPLOADS_DIR),
    DATABASE_URL: db.startsWith('sqlite:') && db !== 'sqlite::memory:' ? `sqlite:${abs(db.slice(7))}` : db,
    ...(config.WEB_DIST ? { WEB_DIST: abs(config.WEB_DIST) } : {}),
  };
}
