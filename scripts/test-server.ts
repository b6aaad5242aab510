import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const TEST_ADMIN = { username: 'admin', password: 'admin-secret-1' };

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}

export interface RunningServer {
  url: string;
  /**
   * The fresh SQLite file (unless `env` names another DATABASE_URL): for a test that must change what no API
   * changes, such as a link's expiry moved into the past.
   */
  databaseFile: string;
  /** The server's process id. */
  pid: number;
  stop(): Promise<void>;
  /** Ends the process at once (SIGKILL): a crash, with no shutdown of its own. */
  kill(): Promise<void>;
  /** The exit code once the process has ended (null when a signal ended it), and what it printed. */
  exited: Promise<{ code: number | null; output: string }>;
}

/**
 * Starts the real app (`apps/server/src/main.ts`) as its own process on a free port with a fresh
 * SQLite database, the way `npm start` runs it. Used by the web component tests and the e2e suite.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-web-test-'));
  const port = await freePort();
  const databaseFile = join(dataDir, 'portal.sqlite');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'apps/server/src/main.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: `sqlite:${databaseFile}`,
        UPLOADS_DIR: join(dataDir, 'uploads'),
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT: '1000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<{ code: number | null; output: string }>((done) =>
    child.once('close', (code) => done({ code, output })),
  );
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`test server exited:\n${output}`);
    try {
      const res = await fetch(`${url}/api/v2/logout`, { method: 'POST' });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`test server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    url,
    databaseFile,
    pid: child.pid!,
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
    exited,
  };
}
