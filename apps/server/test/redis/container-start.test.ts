// A container that cannot start fails fast with a message that says what to do, and leaves nothing behind.
import { GenericContainer, Wait } from 'testcontainers';
import { describe, expect, it } from 'vitest';
import { dockerAvailable } from '../../../../scripts/docker.mjs';
import { labelledContainers, REDIS_IMAGE, startContainer } from '../containers.ts';

const docker = await dockerAvailable();

/** Runs `work`, returning its error and how long it took. */
async function failure(work: Promise<unknown>) {
  const started = Date.now();
  const error = await work.then(
    () => new Error('expected the start to fail'),
    (e: Error) => e,
  );
  return { message: error.message, ms: Date.now() - started };
}

describe.skipIf(!docker)('a container start that fails', () => {
  it('names a missing image and the script that builds stand-ins', async () => {
    const image = 'portal-local/no-such-image:never';
    const { message, ms } = await failure(
      startContainer(image, new GenericContainer(image).withExposedPorts(6379), 20_000),
    );
    expect(message).toContain(image);
    expect(message).toContain('scripts/local-images.sh');
    expect(ms).toBeLessThan(25_000);
  }, 30_000);

  it('reports a server that exits at once instead of waiting for it', async () => {
    const { message, ms } = await failure(
      startContainer(
        REDIS_IMAGE,
        new GenericContainer(REDIS_IMAGE)
          .withCommand(['redis-server', '--port', 'not-a-port'])
          .withExposedPorts(6379)
          .withWaitStrategy(Wait.forLogMessage(/Ready to accept connections/)),
        20_000,
      ),
    );
    expect(message).toContain(REDIS_IMAGE);
    // The container's own last words are part of the message.
    expect(message).toContain('not-a-port');
    expect(ms).toBeLessThan(20_000);
  }, 30_000);

  it('gives up on a server that never says it is ready, within the bound', async () => {
    const { message, ms } = await failure(
      startContainer(
        REDIS_IMAGE,
        new GenericContainer(REDIS_IMAGE)
          .withExposedPorts(6379)
          .withWaitStrategy(Wait.forLogMessage(/a line no server prints/)),
        3_000,
      ),
    );
    expect(message).toMatch(/not ready within 3 s/);
    expect(ms).toBeLessThan(10_000);
  }, 30_000);

  it('leaves no container of these starts behind', async () => {
    const mine = await labelledContainers('portal.test-pid', String(process.pid));
    expect(mine).toEqual([]);
  });
});
