import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { TSchema } from 'typebox';
import {
  ErrorBody,
  LIVE_CLIENT_REQUESTS,
  LIVE_SERVER_MESSAGES,
  SESSION_COOKIE,
  type LiveMessageDoc,
} from '@portal/contracts';
import { sessionChecks } from './auth.ts';
import { OPERATION_IDS } from './operation-ids.ts';
import { SAFE_METHODS } from './security.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The session check a plugin runs before all its routes (`guardRoutes`), for the API reference. */
    sessionCheck?: FastifyInstance['authenticate'];
  }
}

/** The modules, in the order the reference lists them, each with what it is for. */
export const API_TAGS = {
  'Sign-in': 'Signing in and out, and who is signed in',
  Users: 'Employee and customer accounts (admins manage them)',
  Skills: 'The skills catalogue',
  Jobs: 'Jobs and their statuses',
  Candidates: 'Candidates (applications: a person in one job), their statuses, shortlists and bulk uploads',
  People: 'The talent pool: people on file, each with their applications across jobs',
  Careers: 'The public careers pages: open jobs and applications',
  Reviews:
    "Client review links: a job's client contacts, the links a shared shortlist sends, and the public review page they open",
  Interviews:
    "An application's interviews: scheduling, rescheduling and cancelling, with calendar invitations (iCalendar) mailed to the candidate and the interviewers",
  Contact: 'The public contact form',
  Dashboards: 'The recruitment and employee dashboards',
  Analytics: 'Pipeline analytics: funnel, time in stage, time to hire, sources, recruiter activity',
  Ledger: 'The property ledger: purchases (loans), instalments and expenses (admins only)',
  Files: 'Uploaded photos and documents',
  Locations: 'States and districts of India',
  Mail: 'The outbox of mail not yet sent',
  Notifications: "Each user's own notifications (the bell): list, count, mark read",
  'Live updates': 'Catching up on live messages missed while disconnected',
  Health: 'Liveness and readiness for a load balancer',
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** Routes this plugin adds after the call are listed under `tag` in the API reference. */
export function tagRoutes(app: FastifyInstance, tag: ApiTag) {
  app.addHook('onRoute', (route) => {
    route.schema = { tags: [tag], ...route.schema };
  });
}

/**
 * Every route this plugin adds after the call runs `check` (app.authenticate or app.requireRole(…))
 * before anything else, as a plugin-wide onRequest hook would; the route also names the check, so that
 * the API reference knows it needs a session.
 */
export function guardRoutes(app: FastifyInstance, check: FastifyInstance['authenticate']) {
  app.addHook('onRequest', check);
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, sessionCheck: check };
  });
}

/** The roles a route admits: null for a public route, [] for any signed-in user. */
function rolesOf(route: RouteOptions): readonly string[] | null {
  const hooks = [route.onRequest ?? [], route.config?.sessionCheck ?? []].flat();
  const admitted = hooks.flatMap((hook) => sessionChecks.get(hook as never) ?? []);
  const checked = hooks.some((hook) => sessionChecks.has(hook as never));
  return checked ? admitted : null;
}

const SIGNED_IN = [{ sessionCookie: [] }, { bearerToken: [] }];
/** Said outright on a public route: no credentials (a validating proxy checks each request against it). */
const PUBLIC: [] = [];

/** JSON Schema keywords whose value is one schema, a list of schemas, or a map of names to schemas. */
const ONE_SCHEMA = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
]);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions']);

/**
 * A copy of a route's schema in the words of OpenAPI 3.1 (JSON Schema 2020-12): without `errorMessage`,
 * the keyword our validator reads its messages from (no other tool knows it), and with tuples as
 * `prefixItems` (the validator reads draft 7, where a tuple is `items: [...]` and `additionalItems`).
 * The routes keep validating with their own schemas: this only ever copies.
 */
function publishedSchema(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const published: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'errorMessage') continue;
    if (ONE_SCHEMA.has(keyword)) {
      published[keyword] = Array.isArray(value) ? value.map(publishedSchema) : publishedSchema(value);
    } else if (SCHEMA_LISTS.has(keyword) && Array.isArray(value)) {
      published[keyword] = value.map(publishedSchema);
    } else if (SCHEMA_MAPS.has(keyword) && value && typeof value === 'object') {
      published[keyword] = Object.fromEntries(
        Object.entries(value).map(([name, inner]) => [name, publishedSchema(inner)]),
      );
    } else {
      published[keyword] = value;
    }
  }
  if (!Array.isArray(published.items)) return published;
  const { items, additionalItems, ...rest } = published;
  return {
    ...rest,
    prefixItems: items,
    ...(additionalItems === undefined ? {} : { items: additionalItems }),
  };
}

/** The parts of a route's schema that are JSON Schemas (the rest is the reference's own words). */
const SCHEMA_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/** The operation's name in the reference, from the one table of them. */
function operationIdOf(route: RouteOptions): string | undefined {
  // A route of several methods would give each the same name: none of ours has more than one.
  if (typeof route.method !== 'string') return undefined;
  return OPERATION_IDS[`${route.method.toUpperCase()} ${route.url}`];
}

const STATUS_MEANINGS: Record<number, string> = {
  200: 'Done',
  201: 'Created',
  400: 'The request is not valid: the message says why (and `field` names the field)',
  401: 'Not signed in, or the session has ended',
  403: 'Not allowed: the account may not do this, or a write with the session cookie came from another site',
  404: 'Not found',
  409: 'Conflicts with what is stored',
  410: 'No longer there: expired or withdrawn',
  413: 'Too large',
  415: 'Not a file type this accepts',
  429: 'Too many attempts: wait for `Retry-After` seconds',
  500: 'Something went wrong on the server',
  503: 'The database is unreachable for now: try again after `Retry-After` seconds',
  507: 'The disk that keeps uploads is short of free space: nothing was stored',
};

/**
 * A route's schema as the reference shows it: its security, and every error it can answer with, each
 * with the one error body (the routes' own response schemas list the errors their rules give; the
 * checks every route goes through add theirs here).
 */
function documentRoute(route: RouteOptions, schema: RouteOptions['schema'] = {}) {
  const roles = rolesOf(route);
  const response = Object.fromEntries(
    Object.entries(schema.response ?? {}).map(([status, body]) => [status, publishedSchema(body) as TSchema]),
  );
  const add = (status: number) => {
    response[status] ??= publishedSchema(ErrorBody) as TSchema;
  };
  if (schema.body || schema.querystring || schema.params) add(400);
  if (roles) add(401);
  // A write that carries the session cookie from another site is refused, public routes' too (security.ts).
  if (roles?.length || [route.method].flat().some((method) => !SAFE_METHODS.has(method))) add(403);
  if (route.config?.rateLimit) add(429);
  add(500);
  add(503);
  // Downloads answer a file, which no JSON schema describes.
  if (!Object.keys(response).some((status) => status.startsWith('2'))) {
    response[200] = {
      description: 'The file',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    } as never;
  }
  const documented = Object.fromEntries(
    Object.entries(response).map(([status, body]) => {
      const meaning = STATUS_MEANINGS[Number(status)];
      return [status, meaning && !('description' in body) ? { ...body, description: meaning } : body];
    }),
  );
  const parts = SCHEMA_PARTS.filter((part) => schema[part]).map((part) => [
    part,
    publishedSchema(schema[part]),
  ]);
  return {
    ...schema,
    ...Object.fromEntries(parts),
    operationId: operationIdOf(route),
    response: documented,
    security: roles ? SIGNED_IN : PUBLIC,
    ...(roles?.length
      ? {
          description: [schema.description, `For ${roles.join(', ')} accounts only.`]
            .filter(Boolean)
            .join(' '),
        }
      : {}),
  };
}

/** The Socket.IO messages, from the contracts' maps of them. */
function liveMessages(messages: Record<string, LiveMessageDoc>) {
  return Object.fromEntries(
    Object.entries(messages).map(([name, doc]) => [
      name,
      {
        summary: doc.summary,
        ...(doc.payload ? { payload: publishedSchema(doc.payload) } : {}),
        ...(doc.answer ? { acknowledgement: publishedSchema(doc.answer) } : {}),
        ...(doc.sequenced ? { sequenced: true } : {}),
      },
    ]),
  );
}

/** The Socket.IO part of the reference: where to connect, how to sign in, and every message. */
const LIVE_SECTION = {
  path: '/socket.io',
  authentication: 'The session cookie, or `auth: { token }` with the bearer token',
  sequence:
    'A sequenced message has a second argument `{ room, seq }`; a client that sees a number ' +
    'skipped asks `GET /api/events` for what it missed',
  clientToServer: liveMessages(LIVE_CLIENT_REQUESTS),
  serverToClient: liveMessages(LIVE_SERVER_MESSAGES),
};

/** The same messages as a list the rendered reference shows (it does not show `x-` sections). */
const LIVE_MARKDOWN = [
  'Socket.IO on `/socket.io`, signed in with the session cookie or `auth: { token }`; payloads are under ' +
    '`x-socket-io` in the document.',
  '',
  '**Client to server** (each acknowledged with `{ ok }` or `{ ok: false, message }`):',
  ...Object.entries(LIVE_CLIENT_REQUESTS).map(([name, doc]) => `- \`${name}\`: ${doc.summary}`),
  '',
  '**Server to client** (sequenced ones carry `{ room, seq }` as a second argument):',
  ...Object.entries(LIVE_SERVER_MESSAGES).map(
    ([name, doc]) => `- \`${name}\`: ${doc.summary}${'sequenced' in doc ? ' (sequenced)' : ''}`,
  ),
].join('\n');

/**
 * The API reference, generated from the routes' schemas: `GET /api/openapi.json` (OpenAPI 3) and its
 * rendering at `/api/docs` (Swagger UI, served from the app itself). Registered before the routes, so
 * that it sees every one of them.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Talent & Property Portal API',
          version: '1.0.0',
          description:
            'Sign in with `POST /api/v2/login`: the answer sets the session cookie and carries the same ' +
            'token for `Authorization: Bearer`. Every error answers with `{ statusCode, code, message }` ' +
            '(and `field` when a body field is at fault). Live updates go over Socket.IO on `/socket.io`, ' +
            'signed in the same way: the messages are listed under `x-socket-io`.',
        },
        // Relative: the API is where this document is served from, whatever name a client reached it by.
        servers: [{ url: '/', description: 'The app that serves this document' }],
        components: {
          securitySchemes: {
            sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
            bearerToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          },
        },
        tags: Object.entries(API_TAGS).map(([name, description]) => ({
          name,
          description: name === 'Live updates' ? `${description}\n\n${LIVE_MARKDOWN}` : description,
        })),
      },
      transform: ({ schema, url, route }) => ({ schema: documentRoute(route, schema) as never, url }),
      transformObject: (document) =>
        ({
          ...('openapiObject' in document ? document.openapiObject : {}),
          'x-socket-io': LIVE_SECTION,
        }) as never,
    });

    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { deepLinking: true },
      // Swagger UI checks documents against an outside validator unless told not to.
      validatorUrl: false,
    });
  },
  { name: 'openapi', dependencies: ['auth'] },
);
