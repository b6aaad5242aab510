// The Redis server of this run (test/global-servers.ts): a container when Docker answers, else REDIS_URL, else
// the local server outside CI. Realtime and rate-limit tests get their URL from `redisUrl()`.
import { describe, expect, it } from 'vitest';
import { getContainerRuntimeClient } from 'testcontainers';
import { redisServer, redisUrl } from '../helper.ts';
import { redisCommand, redisInfo } from '../redis-client.ts';

const server = redisServer();

describe('the Redis server of this run', () => {
  it('answers PING', async () => {
    expect(await redisCommand(redisUrl(), ['PING'])).toBe('PONG');
  });

  it('reports the version the run printed', async () => {
    const info = await redisInfo(redisUrl());
    expect(info.redis_version).toBe(server.version);
    expect(server.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.runIf(server.source === 'container')('is the container testcontainers started', async () => {
    // A value written through the URL is read back inside the container by its own redis-cli.
    const key = `portal:test:${Date.now()}`;
    expect(await redisCommand(redisUrl(), ['SET', key, 'from-the-host', 'EX', '60'])).toBe('OK');
    const client = await getContainerRuntimeClient();
    const container = client.container.getById(server.containerId!);
    const result = await client.container.exec(container, ['redis-cli', 'GET', key]);
    expect(result.exitCode).toBe(0);
    expect(result.output.trim()).toBe('from-the-host');
    expect(new URL(redisUrl()).port).not.toBe('6379');
  });
});
