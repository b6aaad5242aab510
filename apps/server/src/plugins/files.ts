import fp from 'fastify-plugin';
import { createLocalFileStore, type FileStore } from '../lib/file-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (photos, resumes, receipts): a local folder today, S3 later (DESIGN §6b). */
    files: FileStore;
  }
}

export default fp(
  async (app, { uploadsDir }: { uploadsDir: string }) => {
    app.decorate('files', createLocalFileStore(uploadsDir));
  },
  { name: 'files' },
);
