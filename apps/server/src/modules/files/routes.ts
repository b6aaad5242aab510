import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Readable } from 'node:stream';
import { Type } from 'typebox';
import { ErrorBody, UPLOAD_MESSAGES, UploadResponse } from '@portal/contracts';
import { notFound } from '../../errors.ts';
import { FILE_KINDS, STORED_NAME_PATTERN, kindOfStoredName } from '../../lib/file-types.ts';
import { photoPolicy } from '../../plugins/upload-policies.ts';
import { callerOf } from '../../plugins/auth.ts';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';

const FileParams = Type.Object({ name: Type.String({ pattern: STORED_NAME_PATTERN, maxLength: 64 }) });

/** Uploads and the files behind them; every call needs a signed-in user. */
const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Files');
  guardRoutes(app, app.authenticate);

  app.post(
    '/api/upload/photo',
    {
      schema: {
        summary: 'Upload a photo',
        response: {
          201: UploadResponse,
          400: ErrorBody,
          401: ErrorBody,
          413: ErrorBody,
          415: ErrorBody,
          507: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const stored = await app.receiveUpload(request, photoPolicy('photo'));
      return reply.status(201).send({ url: stored.url });
    },
  );

  app.get(
    '/api/files/:name',
    {
      schema: {
        summary: 'Download a stored file',
        params: FileParams,
        response: {
          200: Type.Unsafe<Readable>({ description: 'the file itself' }),
          401: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const access = await app.services.fileAccess.assertMayRead(request.params.name, callerOf(request.user));
      const file = await app.files.open(request.params.name);
      const kind = kindOfStoredName(request.params.name);
      if (!file || !kind) throw notFound(UPLOAD_MESSAGES.fileNotFound);
      const { mime, image } = FILE_KINDS[kind];
      // A user photo may stay a day in this browser (never in a shared cache); anything else is fetched
      // anew each time, so that nothing of a candidate or the ledger is left on disk after sign-out.
      const cacheControl = access.browserMayKeep ? 'private, max-age=86400' : 'no-store';
      return reply
        .type(mime)
        .header('content-length', file.size)
        .header('cache-control', cacheControl)
        .header(
          'content-disposition',
          `${image ? 'inline' : 'attachment'}; filename="${request.params.name}"`,
        )
        .send(file.stream);
    },
  );
};
export default fileRoutes;
