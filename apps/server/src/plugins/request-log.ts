import fp from 'fastify-plugin';

/**
 * One log line per request, written once the answer has left: what was asked (the route's pattern, so
 * no query string and the secrets it might hold), how it ended, how long it took, and who asked.
 * Fastify's own pair of lines per request (with the raw URL and headers) is switched off in app.ts.
 */
export default fp(
  async (app) => {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      const user = request.user as { sub?: number } | null | undefined;
      request.log.info(
        {
          method: request.method,
          // An unknown address has no pattern: its path alone says what was looked for.
          route: route ?? request.url.split('?', 1)[0],
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          userId: user?.sub,
        },
        'request',
      );
      done();
    });
  },
  { name: 'request-log' },
);
