// A small S3-compatible server (s3rver) for tests, the bench and the stand-in of MinIO in docker-compose.yml.
//
//   startS3Server({ bucket })  in-process, on a free loopback port; gives the S3_URL that reaches it
//   node scripts/s3-server.mjs server /data      as MinIO's image is started: MINIO_ROOT_USER and
//                                                MINIO_ROOT_PASSWORD are the keys, port 9000
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import S3rver from 's3rver';
import AWSAccount from 's3rver/lib/models/account.js';

/** s3rver knows one key pair of its own; any other is added to its account. */
function allowKeys(accessKeyId, secretAccessKey) {
  if (accessKeyId !== 'S3RVER') AWSAccount.DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);
}

async function listen({ port, address, directory, buckets }) {
  const server = new S3rver({
    port,
    address,
    directory,
    silent: true,
    // Buckets in the path only: a host name such as "s3" (a compose service) is not a bucket.
    vhostBuckets: false,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const info = await server.run();
  return { server, port: info.port };
}

/**
 * An S3 server in this process, files in a temporary folder. `stop()` closes it at once (open connections
 * too), as a server that went down; `start()` brings it back on the same port with the same files.
 */
export async function startS3Server({
  bucket = 'portal-test',
  accessKeyId = 'S3RVER',
  secretAccessKey = 'S3RVER',
} = {}) {
  allowKeys(accessKeyId, secretAccessKey);
  const directory = mkdtempSync(join(tmpdir(), 'portal-s3-'));
  let { server, port } = await listen({ port: 0, address: '127.0.0.1', directory, buckets: [bucket] });
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    const closed = server.close();
    server.httpServer.closeAllConnections();
    await closed;
  };
  return {
    url: `s3+http://${accessKeyId}:${secretAccessKey}@127.0.0.1:${port}/${bucket}?forcePathStyle=1`,
    directory,
    stop,
    async start() {
      if (running) return;
      ({ server } = await listen({ port, address: '127.0.0.1', directory, buckets: [] }));
      running = true;
    },
    async close() {
      await stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

// `node s3-server.mjs server /data`: the command line of MinIO's image, for docker-compose.yml.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const directory = process.argv[process.argv.length - 1] ?? '/data';
  mkdirSync(directory, { recursive: true });
  allowKeys(process.env.MINIO_ROOT_USER || 'minioadmin', process.env.MINIO_ROOT_PASSWORD || 'minioadmin');
  const { port } = await listen({ port: 9000, address: '0.0.0.0', directory, buckets: [] });
  console.log(`S3 server (s3rver) on :${port}, files in ${directory}`);
  const quit = () => process.exit(0);
  process.on('SIGTERM', quit);
  process.on('SIGINT', quit);
}
