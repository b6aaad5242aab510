import { existsSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ErrorCode, GENERAL_MESSAGES } from '@portal/contracts';

export const DEFAULT_WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * Serves the built web app. Unknown `/api/*` paths get a JSON 404; every other unknown path gets
 * index.html, and the web app's router shows its not-found page.
 */
export default fp(
  async (app, { webDist }: { webDist: string | undefined }) => {
    const root = webDist ?? DEFAULT_WEB_DIST;
    const hasWeb = existsSync(resolve(root, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: ['index.html'],
        maxAge: '1h',
        immutable: false,
      });
    } else {
      app.log.warn({ root }, 'web app not built: only the API is served (run `npm run build`)');
    }

    app.setNotFoundHandler(
      { preHandler: app.rateLimit ? app.rateLimit({ max: 120, timeWindow: '1 minute' }) : undefined },
      (request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        if (path.startsWith('/api/') || path === '/api' || !hasWeb || request.method !== 'GET') {
          return reply.status(404).send({
            statusCode: 404,
            code: ErrorCode.NOT_FOUND,
            message: `${GENERAL_MESSAGES.apiNotFound}: ${request.method} ${path}`,
          });
        }
        // A client's review page: its address is the link's credential, so no search engine keeps it (the
        // page's API says the same; this is the page crawlers fetch first).
        if (path.startsWith('/review/')) reply.header('x-robots-tag', 'noindex');
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      },
    );
  },
  { name: 'web' },
);
