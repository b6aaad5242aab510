import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { guardRoutes, tagRoutes } from '../../plugins/openapi.ts';
import listRoutes from './list-routes.ts';
import editRoutes from './edit-routes.ts';
import shareRoutes from './share-routes.ts';
import fileRoutes from './file-routes.ts';

/**
 * Candidates: every call needs sign-in. Anyone signed in lists, reads and adds candidates;
 * editing, status changes, rejection and deletion are for the candidate's creator, an admin or anyone who
 * may edit its job, checked by the service.
 */
const candidateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  tagRoutes(app, 'Candidates');
  guardRoutes(app, app.authenticate);
  await app.register(listRoutes);
  await app.register(editRoutes);
  await app.register(shareRoutes);
  await app.register(fileRoutes);
};
export default candidateRoutes;
