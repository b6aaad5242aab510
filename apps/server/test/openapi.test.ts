import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { LIVE_CLIENT_REQUESTS, LIVE_SERVER_MESSAGES } from '@portal/contracts';
import { setupTestApp } from './helper.ts';

// Every route the app registers, seen as it is added: Fastify announces each new instance on this
// channel before any plugin runs, so the hook is in place before the first route.
const registered: { method: string; url: string; hidden: boolean }[] = [];
diagnostics.subscribe('fastify.initialization', (message) => {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      registered.push({ method, url: route.url, hidden: route.schema?.hide === true });
    }
  });
});
const ctx = setupTestApp();

/**
 * Routes left out of the reference on purpose: the reference itself and its page's files, and the HTML
 * for search engines (a job's careers page only when the web app is built; the built app's own files
 * are served by @fastify/static, which hides its routes too).
 */
const HIDDEN = [
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /careers/jobs/:id',
  'GET /sitemap.xml',
];

type Json = Record<string, unknown>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

async function openapiDocument() {
  const res = await ctx.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json() as Json & { paths: Record<string, Record<string, Json>>; components: Json };
}

/** Every `$ref` anywhere in the document, with the path it was found at. */
function refsIn(value: unknown, at = '#', found: [string, string][] = []): [string, string][] {
  if (Array.isArray(value)) value.forEach((item, i) => refsIn(item, `${at}/${i}`, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push([at, inner]);
      else refsIn(inner, `${at}/${key}`, found);
    }
  }
  return found;
}

function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Json)[part] : undefined),
      document,
    );
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3 document whose operations each have a summary, tags and responses, and whose refs resolve', async () => {
    const document = await openapiDocument();
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const tagNames = (document.tags as { name: string }[]).map((tag) => tag.name);
    const schemes = document.components.securitySchemes as Json;
    expect(schemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'portal_session' },
      bearerToken: { type: 'http', scheme: 'bearer' },
    });

    const problems: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith('/')) problems.push(`${path}: does not start with /`);
      for (const [method, operation] of Object.entries(item)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (!METHODS.includes(method)) {
          problems.push(`${name}: not an HTTP method`);
          continue;
        }
        if (typeof operation.summary !== 'string' || !operation.summary) problems.push(`${name}: no summary`);
        const tags = operation.tags as string[] | undefined;
        if (!tags?.length || !tags.every((tag) => tagNames.includes(tag)))
          problems.push(`${name}: no known tag`);
        const responses = Object.entries((operation.responses ?? {}) as Record<string, Json>);
        if (!responses.some(([status]) => status.startsWith('2')))
          problems.push(`${name}: no success response`);
        for (const [status, response] of responses) {
          if (!/^[1-5]\d\d$/.test(status)) problems.push(`${name}: response ${status}`);
          if (typeof response.description !== 'string') problems.push(`${name} ${status}: no description`);
        }
        for (const requirement of (operation.security ?? []) as Json[]) {
          for (const scheme of Object.keys(requirement)) {
            if (!(scheme in schemes)) problems.push(`${name}: unknown security scheme ${scheme}`);
          }
        }
        for (const parameter of (operation.parameters ?? []) as Json[]) {
          if (!['query', 'path', 'header', 'cookie'].includes(parameter.in as string)) {
            problems.push(`${name}: parameter ${String(parameter.name)} in ${String(parameter.in)}`);
          }
        }
      }
    }
    for (const [at, ref] of refsIn(document)) {
      if (resolvePointer(document, ref) === undefined) problems.push(`${at}: $ref ${ref} does not resolve`);
    }
    expect(problems).toEqual([]);
  });

  it('lists every route the app registers, except the ones hidden on purpose', async () => {
    const document = await openapiDocument();
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    // HEAD routes are Fastify's automatic twins of the GET routes, documented with them.
    const routes = registered.filter((route) => route.method !== 'HEAD');
    const visible = routes.filter((route) => !route.hidden).map((route) => `${route.method} ${route.url}`);
    const hidden = routes.filter((route) => route.hidden).map((route) => `${route.method} ${route.url}`);
    expect(visible.length).toBeGreaterThan(60);
    expect(documented.sort()).toEqual([...new Set(visible)].sort());
    expect(hidden.filter((route) => !HIDDEN.includes(route))).toEqual([]);
    expect(hidden).toContain('GET /api/docs');
  });

  it('says which routes need a session or a role, and which answer anyone', async () => {
    const { paths } = await openapiDocument();
    const signedIn = [{ sessionCookie: [] }, { bearerToken: [] }];
    expect(paths['/api/skills']!.get!.security).toEqual(signedIn);
    expect(paths['/api/skills']!.get!.responses).toHaveProperty('401');
    expect(paths['/api/users/{id}']!.get!.security).toEqual(signedIn);
    expect(paths['/api/mail/outbox']!.get!.responses).toHaveProperty('403');
    expect(paths['/api/loans']!.post!.responses).toHaveProperty('403');
    for (const [path, method] of [
      ['/api/v2/login', 'post'],
      ['/api/public/jobs', 'get'],
      ['/api/health', 'get'],
    ] as const) {
      expect(paths[path]![method]!.security, `${method} ${path}`).toBeUndefined();
    }
    expect(paths['/api/v2/login']!.post!.responses).toHaveProperty('429');
    // The one error body, on every operation's errors.
    const error = (paths['/api/skills']!.post!.responses as Record<string, Json>)['409']!;
    expect(error.content).toMatchObject({
      'application/json': { schema: { properties: { statusCode: {}, code: {}, message: {} } } },
    });
  });

  it('lists the Socket.IO messages both ways, with their payload schemas', async () => {
    const document = await openapiDocument();
    const live = document['x-socket-io'] as {
      path: string;
      clientToServer: Record<string, Json>;
      serverToClient: Record<string, Json>;
    };
    expect(live.path).toBe('/socket.io');
    expect(Object.keys(live.clientToServer).sort()).toEqual(Object.keys(LIVE_CLIENT_REQUESTS).sort());
    expect(Object.keys(live.serverToClient).sort()).toEqual(Object.keys(LIVE_SERVER_MESSAGES).sort());
    expect(live.clientToServer['job:join']).toMatchObject({
      payload: { type: 'object', properties: { jobId: { type: 'integer' } } },
      acknowledgement: expect.any(Object),
    });
    expect(live.serverToClient['candidate:status-changed']).toMatchObject({
      sequenced: true,
      payload: { type: 'object', properties: { from: {}, to: {}, candidateId: {} } },
    });
    // The candidate as a room hears of it: without the reader's own `canEdit`.
    const candidate = live.serverToClient['candidate:created']!.payload as { properties: Json };
    expect(candidate.properties).toHaveProperty('status');
    expect(candidate.properties).not.toHaveProperty('canEdit');
    // Swagger UI does not render `x-` sections: the module's description lists the messages too.
    const liveTag = (document.tags as { name: string; description: string }[]).find(
      (tag) => tag.name === 'Live updates',
    );
    for (const name of [...Object.keys(LIVE_CLIENT_REQUESTS), ...Object.keys(LIVE_SERVER_MESSAGES)]) {
      expect(liveTag?.description).toContain(`\`${name}\``);
    }
  });
});

describe('/api/docs', () => {
  it('answers a page whose scripts all come from the app itself and load', async () => {
    const res = await ctx.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // The page is under the app's own policy: scripts only from this origin, none inline.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...res.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(inline!.trim(), 'inline script').toBe('');
      const src = /\bsrc="([^"]+)"/.exec(attributes!)?.[1];
      expect(src, 'script without src').toBeDefined();
      const url = new URL(src!, 'http://portal.test/api/docs');
      expect(url.origin).toBe('http://portal.test');
      const script = await ctx.app.inject({ url: url.pathname });
      expect(script.statusCode, url.pathname).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
    }
    const spec = await ctx.app.inject({ url: '/api/docs/json' });
    expect(spec.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./) });
  });
});
