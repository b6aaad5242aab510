// Throwaway MySQL and Redis servers for the test suites: testcontainers when Docker answers,
// an existing server when MYSQL_URL / REDIS_URL say so. Every wait here is bounded.
import { randomBytes } from 'node:crypto';
import {
  GenericContainer,
  ImageName,
  Wait,
  getContainerRuntimeClient,
  type StartedTestContainer,
} from 'testcontainers';
import knexFactory from 'knex';
import { dockerAvailable } from '../../../scripts/docker.mjs';
import { redisCommand } from './redis-client.ts';

// Ryuk (testcontainers' reaper) is an image of its own that machines without a registry cannot pull; the
// suites remove their containers themselves, and the test runner sweeps by label (`portal.test-run`).
process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';

export const MYSQL_IMAGE = process.env.MYSQL_IMAGE || 'mysql:8.4';
export const REDIS_IMAGE = process.env.REDIS_IMAGE || 'redis:7';
const MYSQL_ROOT_PASSWORD = 'portal-test';
/** The longest a container may take from "docker run" to answering queries. */
export const START_TIMEOUT_MS = Number(process.env.CONTAINER_START_TIMEOUT_MS || 90_000);

export type ServerSource = 'container' | 'env' | 'default';
export interface TestServer {
  url: string;
  source: ServerSource;
  /** The container's id when `source` is 'container'. */
  containerId?: string;
  image?: string;
  /** Milliseconds from asking for the container to its first answer. */
  startMs?: number;
  stop(): Promise<void>;
}

const ci = process.env.CI === 'true' || process.env.CI === '1';

/** Labels every container a test run starts, so that the runner can remove leftovers after a crash. */
function labels(): Record<string, string> {
  return {
    'portal.test-run': process.env.PORTAL_TEST_RUN || 'manual',
    'portal.test-pid': String(process.pid),
  };
}

/** Rejects with `message` when `work` has not settled within `ms`. */
async function within<T>(ms: number, message: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Containers (running or not) that carry `label=value`. */
export async function labelledContainers(label: string, value: string) {
  const { dockerode } = (await getContainerRuntimeClient()).container;
  return dockerode.listContainers({ all: true, filters: { label: [`${label}=${value}`] } });
}

/** Removes whatever containers carry `label=value` (a start that timed out may still create one), returning
 * the last lines each logged, for the error message. */
async function removeLabelled(label: string, value: string): Promise<string> {
  const { dockerode } = (await getContainerRuntimeClient()).container;
  let logs = '';
  for (const info of await labelledContainers(label, value)) {
    const container = dockerode.getContainer(info.Id);
    const tail = await container
      .logs({ stdout: true, stderr: true, tail: 10, follow: false })
      .then((b) => demux(b as unknown as Buffer))
      .catch(() => '');
    if (tail.trim())
      logs += `\n  last lines of container ${info.Id.slice(0, 12)} (${info.State}):\n${tail.trimEnd().replace(/^/gm, '    ')}`;
    await container.remove({ force: true, v: true }).catch(() => {});
  }
  return logs;
}

/** Docker's multiplexed log stream (8-byte frame headers) as text. */
function demux(buf: Buffer): string {
  let text = '';
  for (let at = 0; at + 8 <= buf.length;) {
    const size = buf.readUInt32BE(at + 4);
    text += buf.subarray(at + 8, at + 8 + size).toString('utf8');
    at += 8 + size;
  }
  return text;
}

/**
 * Starts `container`, bounded by `timeoutMs`, with a message that says what went wrong: an image that is neither
 * present nor pullable (and the script that builds stand-ins), a container that exits or never says it is ready
 * (with its last log lines).
 */
export async function startContainer(
  image: string,
  container: GenericContainer,
  timeoutMs = START_TIMEOUT_MS,
): Promise<StartedTestContainer> {
  const startId = randomBytes(6).toString('hex');
  const client = await within(10_000, 'Docker did not answer within 10 s', getContainerRuntimeClient());
  // The container's last lines, for the message: testcontainers may remove a failed container before we look.
  const seen: string[] = [];
  const starting = container
    .withLogConsumer((stream) =>
      stream
        .on('data', (chunk: Buffer | string) => {
          seen.push(
            ...String(chunk)
              .split('\n')
              .filter((line) => line.trim()),
          );
          seen.splice(0, Math.max(0, seen.length - 10));
        })
        .on('error', () => {}),
    )
    .withLabels({ ...labels(), 'portal.test-start': startId })
    .withStartupTimeout(timeoutMs)
    .start();
  try {
    return await within(timeoutMs, `not ready within ${Math.round(timeoutMs / 1000)} s`, starting);
  } catch (error) {
    // A start that is still going on when we give up must not leave its container running.
    starting
      .then(
        (late) => late.stop({ timeout: 1_000 }),
        () => {},
      )
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 200)); // the log stream's last chunks
    const fetched = await removeLabelled('portal.test-start', startId).catch(() => '');
    const logs =
      fetched ||
      (seen.length > 0 ? `\n  last lines of the container:\n${seen.map((l) => `    ${l}`).join('\n')}` : '');
    const present = await client.image.exists(ImageName.fromString(image)).catch(() => undefined);
    const reason =
      present === false
        ? `image ${image} is not present and could not be pulled; on a machine that cannot pull, run ` +
          'scripts/local-images.sh and export the variables it prints (MYSQL_IMAGE, REDIS_IMAGE)'
        : error instanceof Error
          ? error.message
          : String(error);
    throw new Error(`could not start a container from ${image}: ${reason}${logs}`, { cause: error });
  }
}

function hostOf(container: StartedTestContainer) {
  const host = container.getHost();
  return host === 'localhost' ? '127.0.0.1' : host;
}

async function stopper(container: StartedTestContainer) {
  return async () => {
    await within(
      30_000,
      `container ${container.getId()} did not stop within 30 s`,
      container.stop({ timeout: 5_000 }),
    );
  };
}

/** Retries `probe` until it answers or `ms` pass; the last error is the message. */
async function untilAnswers<T>(ms: number, probe: () => Promise<T>): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** The server's version string, through a connection of its own (also proves that the URL works). */
export async function mysqlVersion(url: string): Promise<{ version: string; hostname: string }> {
  const db = knexFactory({ client: 'mysql2', connection: { uri: url, connectTimeout: 5_000 } as never });
  try {
    const [rows] = await db.raw('SELECT VERSION() AS version, @@hostname AS hostname');
    return rows[0];
  } finally {
    await db.destroy();
  }
}

/** Starts `container` with `port` exposed and waits until `probe` gets an answer at its URL (bounded). */
async function startServerContainer(options: {
  kind: string;
  image: string;
  port: number;
  timeoutMs: number;
  container: GenericContainer;
  url: (host: string, port: number) => string;
  probe: (url: string) => Promise<unknown>;
}): Promise<TestServer> {
  const { kind, image, port, timeoutMs } = options;
  const started = Date.now();
  const container = await startContainer(image, options.container.withExposedPorts(port), timeoutMs);
  const url = options.url(hostOf(container), container.getMappedPort(port));
  try {
    await within(
      20_000,
      `${kind} in container ${container.getId()} did not answer within 20 s`,
      untilAnswers(19_000, () => options.probe(url)),
    );
  } catch (error) {
    await container.stop({ timeout: 1_000 }).catch(() => {});
    throw error;
  }
  return {
    url,
    source: 'container',
    containerId: container.getId(),
    image,
    startMs: Date.now() - started,
    stop: await stopper(container),
  };
}

/** A MySQL (or MariaDB stand-in) container; its root account at the returned URL, no database chosen. */
export function startMysqlContainer(image = MYSQL_IMAGE, timeoutMs = START_TIMEOUT_MS): Promise<TestServer> {
  return startServerContainer({
    kind: 'MySQL',
    image,
    port: 3306,
    timeoutMs,
    container: new GenericContainer(image)
      .withEnvironment({ MYSQL_ROOT_PASSWORD })
      .withCommand([
        '--character-set-server=utf8mb4',
        '--collation-server=utf8mb4_unicode_ci',
        // Throwaway data: no need to wait for the disk on every commit.
        '--innodb-flush-log-at-trx-commit=2',
      ])
      // MySQL's "ready for connections … port: 3306" (its first, temporary server says port: 0); the stand-in
      // logs the same port once it listens.
      .withWaitStrategy(Wait.forLogMessage(/port: 3306\b/)),
    url: (host, port) => `mysql://root:${MYSQL_ROOT_PASSWORD}@${host}:${port}`,
    probe: mysqlVersion,
  });
}

/** A Redis container, at the returned URL. */
export function startRedisContainer(image = REDIS_IMAGE, timeoutMs = START_TIMEOUT_MS): Promise<TestServer> {
  return startServerContainer({
    kind: 'Redis',
    image,
    port: 6379,
    timeoutMs,
    container: new GenericContainer(image)
      .withCommand(['redis-server', '--save', '', '--appendonly', 'no'])
      .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/)),
    url: (host, port) => `redis://${host}:${port}`,
    probe: (url) => redisCommand(url, ['PING']),
  });
}

const noop = async () => {};

/**
 * The server a suite runs against: `envVar` set → that server; Docker answers → a fresh container;
 * otherwise the usual local server outside CI, and a clear failure with CI=true.
 */
export async function provideServer(
  kind: 'MySQL' | 'Redis',
  envVar: 'MYSQL_URL' | 'REDIS_URL',
  fallback: string,
  start: () => Promise<TestServer>,
): Promise<TestServer> {
  const explicit = process.env[envVar];
  if (explicit) return { url: explicit, source: 'env', stop: noop };
  if (await dockerAvailable()) return start();
  if (ci) {
    throw new Error(
      `${kind}: Docker is not available and ${envVar} is not set; with CI=true one of them is required ` +
        '(start dockerd, or point the suite at a server)',
    );
  }
  return { url: fallback, source: 'default', stop: noop };
}

/** One line saying which path ran, for the log. */
export function describeServer(kind: string, server: TestServer, version: string): string {
  const where = server.url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
  if (server.source === 'container') {
    return (
      `${kind}: testcontainers — container ${server.containerId?.slice(0, 12)} from ${server.image}, ` +
      `started in ${server.startMs} ms, at ${where}, server ${version}`
    );
  }
  const why = server.source === 'env' ? 'set explicitly' : 'default: Docker not available';
  return `${kind}: existing server at ${where} (${why}), server ${version}`;
}
