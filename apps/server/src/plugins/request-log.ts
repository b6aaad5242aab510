import fp from 'fastify-plugin';

/**
 * One log line per request, written once the answer has left: what was asked (the route's pattern, so
 * no query string and the secrets it might hold), how it ended, how long it took, and who asked.
 * Fastify's own pair of lines per request (with the raw URL and headers) is switched off in app.ts.
 */
export default fp(
  async (app) => {
    // The line's fields are the ones below and no others: none is a secret, and none has a key the redacted
    // paths name (REDACTED_PATHS in app.ts: a password, a token, headers), so the line is written as
    // redaction would leave it, without passing each field through the redactor; every other line still is.
    // The request's id, which the request's own logger binds, is a field of the line instead.
    const lines = app.log.child({}, { redact: [] });
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url;
      const user = request.user as { sub?: number } | null | undefined;
      lines.info(
        {
          reqId: request.id,
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
