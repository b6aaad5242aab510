/**
 * The fan-out benches' harness (fanout.ts, review.ts): the client process that holds the sockets
 * (fanout-clients.ts), rounds timed from a change to the last socket's delivery, alternating with a bare
 * Socket.IO server's so that both are timed under the same conditions, server memory per socket, and the
 * machine's load average printed beside the figures.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Server } from 'socket.io';
import type { ClientCommand, ClientReport } from './fanout-clients.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const now = () => performance.timeOrigin + performance.now();

/** The client process: commands go in, reports come out (rounds kept by their number). */
export function startClients() {
  const child: ChildProcess = fork(join(import.meta.dirname, 'fanout-clients.ts'), [], {
    execArgv: ['--import', 'tsx'],
  });
  const rounds = new Map<number, number>();
  let next: ((report: ClientReport) => void) | undefined;
  child.on('message', (report: ClientReport) => {
    if (report.type === 'round') rounds.set(report.round, report.last);
    else next?.(report);
  });
  const ask = (command: ClientCommand) =>
    new Promise<ClientReport>((resolve) => {
      next = resolve;
      child.send(command);
    });
  return {
    async connect(
      urls: string[],
      count: number,
      join: Extract<ClientCommand, { cmd: 'connect' }>['join'],
      { token, message, roundBy }: { token?: string; message?: string; roundBy?: 'version' | 'count' } = {},
    ) {
      const report = await ask({
        cmd: 'connect',
        urls,
        count,
        token,
        join,
        ...(message ? { message } : {}),
        ...(roundBy ? { roundBy } : {}),
      });
      return report as Extract<ClientReport, { type: 'connected' }>;
    },
    /** When the last socket received round `round`, or undefined when some never did. */
    async lastArrival(round: number, timeoutMs = 30_000) {
      const end = Date.now() + timeoutMs;
      while (!rounds.has(round) && Date.now() < end) await new Promise((r) => setTimeout(r, 1));
      return rounds.get(round);
    },
    async close() {
      await ask({ cmd: 'close' });
    },
  };
}
export type Clients = ReturnType<typeof startClients>;

export function percentiles(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: pick(0.5), p99: pick(0.99) };
}

/** One round: `trigger` makes a change and names its round; the time until the last socket received it. */
export async function timeRound(clients: Clients, trigger: (round: number) => Promise<number>, i: number) {
  const start = now();
  const round = await trigger(i);
  const last = await clients.lastArrival(round);
  return last === undefined ? undefined : last - start;
}

/**
 * Rounds made before the timed ones: the first requests of a path are compiled as they run, and the
 * database reads its pages into memory (bare's first rounds warm up too).
 */
export const WARM_UP = 20;

/**
 * Times `rounds` rounds (after WARM_UP to warm up). With `beside` (bare Socket.IO's sockets and emit), each of
 * its rounds goes just before one of the app's, so that both are timed under the same conditions: a
 * machine's pace drifts from minute to minute, and so did bare's p99 when it was timed before the app
 * (27 to 35 ms between runs).
 */
export async function timeRounds(
  clients: Clients,
  rounds: number,
  trigger: (round: number) => Promise<number>,
  beside?: { clients: Clients; trigger: (round: number) => Promise<number> },
) {
  const times: number[] = [];
  const besideTimes: number[] = [];
  let missed = 0;
  for (let i = 0; i < rounds + WARM_UP; i++) {
    if (beside) {
      const t = await timeRound(beside.clients, beside.trigger, i);
      if (t !== undefined && i >= WARM_UP) besideTimes.push(t);
    }
    const t = await timeRound(clients, trigger, i);
    if (t === undefined) missed++;
    else if (i >= WARM_UP) times.push(t);
  }
  return { ...percentiles(times), missed, beside: beside ? percentiles(besideTimes) : undefined };
}

/** Heap and external memory once the server has settled (presence announced, buffers freed), after two
 * collections (the first may leave garbage that only a second one frees): bare and app measured alike. */
export const memory = async (settleMs = 0) => {
  if (settleMs) await new Promise((r) => setTimeout(r, settleMs));
  gc();
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed + m.external };
};
/** How long sockets are left to settle before their memory is measured. */
export const SETTLE_MS = 1000;
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);
/** The machine's load average (1, 5, 15 min): figures are noisy on a shared machine. */
export const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
export const ms = (value: number) => value.toFixed(1);
/** The app's p99 over bare's, from rounds that alternated. */
export const ratio = (times: { p99: number; beside?: { p99: number } | undefined }) =>
  (times.p99 / times.beside!.p99).toFixed(2);

/** A bare Socket.IO server: joins on request, and emits a status change to the room on GET /emit?v=N. */
export async function startBare() {
  const sample = {
    candidateId: 1,
    uuid: '00000000-0000-4000-8000-000000000000',
    jobId: 1,
    from: 'applied',
    to: 'screening',
    changedBy: 'admin',
    at: new Date().toISOString(),
  };
  const http = createServer((req, res) => {
    const version = Number(new URL(req.url ?? '/', 'http://bare').searchParams.get('v'));
    io.to('job:1').emit('candidate:status-changed', { ...sample, version });
    res.end('ok');
  });
  const io = new Server(http, { serveClient: false });
  io.on('connection', (socket) =>
    socket.on('job:join', (_payload: unknown, ack: (a: unknown) => void) => {
      void socket.join('job:1');
      ack({ ok: true });
    }),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => io.close(() => resolve())),
  };
}
