import { Type, type Static } from 'typebox';
import { isAbsolute, join, resolve } from 'node:path';
import { Value } from 'typebox/value';

/** The folder of what the app keeps, unless DATA_DIR names another. */
const DEFAULT_DATA_DIR = './data';

/**
 * The environment, validated once at start. Every value has a default so that a fresh
 * clone starts with no variable set; a value that is set but wrong stops the start with a clear line.
 */
export const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ minLength: 1, default: '0.0.0.0' }),
  /** Unset: sqlite:<DATA_DIR>/portal.sqlite (filled in by loadConfig). */
  DATABASE_URL: Type.String({ pattern: '^(sqlite:|mysql2?://)' }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  JWT_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  ADMIN_USERNAME: Type.String({ minLength: 1, maxLength: 50, default: 'admin' }),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 6 })),
  /** Unset: <DATA_DIR>/uploads (filled in by loadConfig). */
  UPLOADS_DIR: Type.String({ minLength: 1 }),
  /**
   * An S3-compatible bucket for uploads instead of UPLOADS_DIR, so that every app node reads the same files:
   * s3://ACCESS:SECRET@host:port/bucket?region=…&forcePathStyle=1 (s3+http:// for a server without TLS).
   */
  S3_URL: Type.Optional(Type.String({ pattern: '^s3(\\+http)?://' })),
  /** The folder of what the app keeps: the default parent of the SQLite file, the uploads and the signing key. */
  DATA_DIR: Type.String({ minLength: 1, default: DEFAULT_DATA_DIR }),
  /**
   * The address visitors reach the app at (https://careers.example.com, behind the proxy): every absolute
   * link the app writes (a job page's canonical link and JSON-LD, the sitemap, links in mails) starts with
   * it, never with the request's Host header, which a client picks. Unset: the address the app listens on.
   */
  PUBLIC_URL: Type.String({ pattern: '^https?://[^/]' }),
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
  /**
   * Public applications taken per hour from all addresses together: each may carry a 10 MB resume, so many
   * addresses within their own limit could still fill the disk. Counted in Redis when it is set (all nodes).
   */
  APPLICATIONS_PER_HOUR: Type.Integer({ minimum: 1, default: 200 }),
  /** Requests to the public review pages (`/api/review/…`) one address may make per minute. */
  REVIEW_RATE_LIMIT: Type.Integer({ minimum: 1, default: 120 }),
  /** Requests through one review link per minute, from all addresses together (a leaked link is not a feed). */
  REVIEW_LINK_RATE_LIMIT: Type.Integer({ minimum: 1, default: 60 }),
  /** Contact-form messages taken per hour from all addresses together (each is a row and a mail). */
  CONTACT_MESSAGES_PER_HOUR: Type.Integer({ minimum: 1, default: 100 }),
  /**
   * Free space (MB) the disk holding UPLOADS_DIR must keep: an upload that would leave less is refused
   * (507), so that the database and the logs on the same disk can still write. Not used with S3_URL.
   */
  MIN_FREE_DISK_MB: Type.Integer({ minimum: 0, default: 512 }),
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
  'APPLICATIONS_PER_HOUR',
  'CONTACT_MESSAGES_PER_HOUR',
  'REVIEW_RATE_LIMIT',
  'REVIEW_LINK_RATE_LIMIT',
  'MIN_FREE_DISK_MB',
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
  // What the app keeps goes under DATA_DIR unless each is set on its own (a MySQL database, an uploads
  // folder on another disk): moving DATA_DIR moves the database and the uploads with the signing key.
  const dataDir = typeof raw.DATA_DIR === 'string' ? raw.DATA_DIR : DEFAULT_DATA_DIR;
  raw.DATABASE_URL ??= `sqlite:${join(dataDir, 'portal.sqlite')}`;
  raw.UPLOADS_DIR ??= join(dataDir, 'uploads');
  const withDefaults = Value.Default(ConfigSchema, raw) as Record<string, unknown>;
  withDefaults.PUBLIC_URL ??= listeningAddress(withDefaults.HOST, withDefaults.PORT);
  const errors = [...Value.Errors(ConfigSchema, withDefaults)];
  if (errors.length > 0) {
    const lines = errors.map((e) => {
      const key = e.instancePath.replace(/^\//, '');
      return `  ${key}=${JSON.stringify(env[key] ?? '')}: ${e.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = withDefaults as Config;
  try {
    config.PUBLIC_URL = originOf(config.PUBLIC_URL);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  PUBLIC_URL: ${(error as Error).message}`);
  }
  if (config.S3_URL !== undefined) {
    try {
      parseS3Url(config.S3_URL);
    } catch (error) {
      throw new ConfigError(`Invalid configuration:\n  S3_URL: ${(error as Error).message}`);
    }
  }
  return resolvePaths(config, env.INIT_CWD ?? process.cwd());
}

/** The app's own address on this machine: a HOST of every interface is reached as localhost. */
function listeningAddress(host: unknown, port: unknown): string {
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : String(host);
  return `http://${name.includes(':') ? `[${name}]` : name}:${String(port)}`;
}

/** PUBLIC_URL as links start: scheme, host and port, with no path, query or credentials to carry along. */
function originOf(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('not a URL (https://careers.example.com)');
  }
  if (url.username || url.password) throw new Error('must not carry a user name or password');
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error('must be the address alone, with no path (https://careers.example.com)');
  }
  return url.origin;
}

/** Where an S3-compatible store is and how to sign in to it. */
export interface S3Target {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (MinIO and most self-hosted servers) rather than in the host name (AWS). */
  forcePathStyle: boolean;
}

/**
 * Reads S3_URL. The message of what it throws never repeats the secret: it ends up in the start's log.
 * The keys may be percent-encoded (a secret holding "/" or "+").
 */
export function parseS3Url(text: string): S3Target {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('not a URL (s3://ACCESS:SECRET@host:port/bucket?region=…)');
  }
  if (url.protocol !== 's3:' && url.protocol !== 's3+http:') {
    throw new Error('must start with s3:// (or s3+http:// for a server without TLS)');
  }
  if (!url.hostname) throw new Error('names no host');
  if (!url.username || !url.password) throw new Error('needs the access key and secret before the host');
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  // S3's own bucket rules: 3-63 lower-case letters, digits, dots and hyphens.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error('needs a bucket name after the host (3-63 lower-case letters, digits, dots, hyphens)');
  }
  const known = new Set(['region', 'forcePathStyle']);
  for (const key of url.searchParams.keys()) {
    if (!known.has(key)) throw new Error(`unknown option "${key}" (region, forcePathStyle)`);
  }
  const pathStyle = url.searchParams.get('forcePathStyle') ?? '0';
  if (!['0', '1', 'true', 'false'].includes(pathStyle)) throw new Error('forcePathStyle must be 1 or 0');
  const scheme = url.protocol === 's3:' ? 'https' : 'http';
  return {
    endpoint: `${scheme}://${url.host}`,
    bucket,
    region: url.searchParams.get('region') || 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    forcePathStyle: pathStyle === '1' || pathStyle === 'true',
  };
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
