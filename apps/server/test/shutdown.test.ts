// SIGTERM during a burst of writes, to the real server process (as `docker stop` or a rolling restart
// sends it): every write the server accepted is answered and kept, nothing is answered with an error,
// and the process ends by itself, cleanly, within its 10 seconds.
import { request, Agent } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ADMIN } from '../../../scripts/test-server.ts';
import { TEST_DIALECT } from './helper.ts';

const dir = mkdtempSync(join(tmpdir(), 'portal-shutdown-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Outcome = { status: number; id?: number } | { error: string };

/** One JSON POST on a kept-alive connection of `agent`. */
function post(agent: Agent, url: string, path: string, body: unknown, token?: string): Promise<Outcome> {
  return new Promise((done) => {
    const req = request(
      `${url}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d));
        res.on('end', () => {
          const json = text ? (JSON.parse(text) as { id?: number; token?: string }) : {};
          done({ status: res.statusCode!, id: json.id });
        });
        res.on('error', (e: NodeJS.ErrnoException) => done({ error: e.code ?? e.message }));
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => done({ error: e.code ?? e.message }));
    req.end(JSON.stringify(body));
  });
}

// The server process runs on SQLite either way: one run is enough.
describe.skipIf(TEST_DIALECT === 'mysql')('SIGTERM during a burst of writes', () => {
  it('answers every write it accepted, refuses none with an error, and exits 0', async () => {
    const database = join(dir, 'portal.sqlite');
    const server = await startTestServer({
      DATA_DIR: dir,
      DATABASE_URL: `sqlite:${database}`,
      LOG_LEVEL: 'info',
    });
    const login = await fetch(`${server.url}/api/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(TEST_ADMIN),
    });
    const { token } = (await login.json()) as { token: string };

    // Ten kept-alive connections, each sending its next write when the last is answered.
    const agent = new Agent({ keepAlive: true, maxSockets: 10 });
    const outcomes: Outcome[] = [];
    let acknowledged = 0;
    let signalled: Promise<void> | undefined;
    let next = 0;
    const worker = async () => {
      while (next < 200) {
        const n = next++;
        const outcome = await post(agent, server.url, '/api/skills', { name: `Burst ${n}` }, token);
        outcomes.push(outcome);
        if ('status' in outcome && outcome.status === 201 && ++acknowledged === 40) signalled = server.stop();
      }
    };
    await Promise.all(Array.from({ length: 10 }, worker));
    await signalled;
    agent.destroy();
    const { code, output } = await server.exited;

    expect(code, output).toBe(0);
    expect(output).toContain('shut down');
    const answers = outcomes.filter((o): o is { status: number; id?: number } => 'status' in o);
    // Answered requests all succeeded: none was turned away with a 503 while the server closed.
    expect(answers.filter((o) => o.status !== 201)).toEqual([]);
    // The rest never reached it: refused connections, or a kept-alive connection closed before the
    // request was read (both safe for a load balancer to send to another node).
    const failures = outcomes.filter((o): o is { error: string } => 'error' in o);
    for (const { error } of failures)
      expect(['ECONNREFUSED', 'ECONNRESET', 'socket hang up']).toContain(error);
    expect(answers.length + failures.length).toBe(200);
    expect(answers.length).toBeGreaterThanOrEqual(40);

    // Every acknowledged write is in the database.
    const db = knexFactory({
      client: 'better-sqlite3',
      connection: { filename: database },
      useNullAsDefault: true,
    });
    const kept = new Set((await db('skills').pluck('id')) as number[]);
    await db.destroy();
    expect(answers.filter((o) => !kept.has(o.id!))).toEqual([]);
    console.log(`SIGTERM after 40 writes: ${answers.length} answered 201, ${failures.length} not sent`);
  }, 60_000);
});
