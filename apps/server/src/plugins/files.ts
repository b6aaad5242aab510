import fp from 'fastify-plugin';
import { parseS3Url } from '../config.ts';
import { createLocalFileStore, type FileStore } from '../lib/file-store.ts';
import { createS3FileStore } from '../lib/s3-file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (photos, resumes, receipts): the local folder, or the bucket S3_URL names. */
    files: FileStore;
  }
}

export default fp(
  async (
    app,
    {
      uploadsDir,
      s3Url,
      minFreeBytes = 0,
    }: { uploadsDir: string; s3Url?: string | undefined; minFreeBytes?: number },
  ) => {
    // The free-disk floor guards the local folder only: a bucket's space is its server's concern.
    if (!s3Url) {
      app.decorate('files', createLocalFileStore(uploadsDir, { minFreeBytes }));
      return;
    }
    const store = await createS3FileStore(parseS3Url(s3Url));
    app.decorate('files', store);
    // A bucket that is missing is made. A store that is down does not stop the start (uploads answer 503
    // until it is back, like the database); the bucket is looked at again every few seconds until then.
    let retry: NodeJS.Timeout | undefined;
    const prepare = async () => {
      try {
        await store.prepare();
      } catch (err) {
        app.log.warn({ err }, 'file store not reachable; trying again in 5 s');
        retry = setTimeout(() => void prepare(), 5_000).unref();
      }
    };
    app.addHook('onReady', prepare);
    app.addHook('onClose', async () => {
      clearTimeout(retry);
      store.close?.();
    });
  },
  { name: 'files' },
);
