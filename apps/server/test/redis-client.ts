// The smallest Redis client the test harness needs (PING, INFO, SET/GET): one command per connection, RESP2,
// bounded by a timeout. The product's Redis code uses a real client; this only checks that a server answers.
import { connect } from 'node:net';

export type RedisReply = string | number | null | RedisReply[];

/** Parses one RESP2 reply at `at`; undefined when `buf` does not hold all of it yet. */
function parse(buf: string, at = 0): { value: RedisReply; end: number } | undefined {
  const eol = buf.indexOf('\r\n', at);
  if (eol < 0) return undefined;
  const type = buf[at];
  const head = buf.slice(at + 1, eol);
  if (type === '+') return { value: head, end: eol + 2 };
  if (type === '-') throw new Error(`Redis: ${head}`);
  if (type === ':') return { value: Number(head), end: eol + 2 };
  if (type === '$') {
    const len = Number(head);
    if (len < 0) return { value: null, end: eol + 2 };
    const bytes = Buffer.from(buf.slice(eol + 2), 'utf8');
    if (bytes.length < len + 2) return undefined;
    const value = bytes.subarray(0, len).toString('utf8');
    return { value, end: eol + 2 + value.length + 2 };
  }
  if (type === '*') {
    const items: RedisReply[] = [];
    let end = eol + 2;
    for (let i = 0; i < Number(head); i++) {
      const item = parse(buf, end);
      if (!item) return undefined;
      items.push(item.value);
      end = item.end;
    }
    return { value: items, end };
  }
  throw new Error(`Redis: unexpected reply ${JSON.stringify(buf.slice(at, at + 40))}`);
}

/** Sends one command to the server at `url` (redis://[:password@]host:port) and returns its reply. */
export function redisCommand(url: string, args: string[], timeoutMs = 5_000): Promise<RedisReply> {
  const { hostname, port, password } = new URL(url);
  const encode = (parts: string[]) =>
    `*${parts.length}\r\n` + parts.map((p) => `$${Buffer.byteLength(p)}\r\n${p}\r\n`).join('');
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    let buf = '';
    let skip = password ? 1 : 0; // the AUTH reply
    const fail = (error: Error) => (socket.destroy(), reject(error));
    socket.setTimeout(timeoutMs, () =>
      fail(new Error(`Redis at ${hostname}:${port} did not answer in ${timeoutMs} ms`)),
    );
    socket.once('error', fail);
    socket.on('data', (chunk) => {
      buf += chunk.toString('utf8');
      try {
        let reply = parse(buf);
        while (reply && skip > 0) {
          skip -= 1;
          buf = buf.slice(reply.end);
          reply = parse(buf);
        }
        if (reply && skip === 0) {
          socket.end();
          resolve(reply.value);
        }
      } catch (error) {
        fail(error as Error);
      }
    });
    socket.once('connect', () => {
      socket.write((password ? encode(['AUTH', decodeURIComponent(password)]) : '') + encode(args));
    });
  });
}

/** `INFO server` as a map (redis_version, tcp_port, run_id …). */
export async function redisInfo(url: string): Promise<Record<string, string>> {
  const text = String(await redisCommand(url, ['INFO', 'server']));
  return Object.fromEntries(
    text
      .split('\r\n')
      .filter((line) => line.includes(':'))
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
  );
}
