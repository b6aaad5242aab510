import { execFile } from 'node:child_process';
import diagnostics from 'node:diagnostics_channel';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, ID_PATTERN, LIVE_CLIENT_REQUESTS, LIVE_SERVER_MESSAGES } from '@portal/contracts';
import { OPERATION_IDS } from '../src/plugins/operation-ids.ts';
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

/** Every key anywhere in a JSON value, with the object it is in (a JSON pointer) and its value. */
function entriesIn(value: unknown, at = '#', found: [string, string, unknown][] = []) {
  if (Array.isArray(value)) value.forEach((item, i) => entriesIn(item, `${at}/${i}`, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      found.push([at, key, inner]);
      entriesIn(inner, `${at}/${key}`, found);
    }
  }
  return found;
}

/** Every `$ref` anywhere in the document, with the path it was found at. */
const refsIn = (document: unknown): [string, string][] =>
  entriesIn(document).flatMap(([at, key, ref]) =>
    key === '$ref' && typeof ref === 'string' ? [[at, ref]] : [],
  );

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
    expect(paths['/api/jobs/{jobId}/client-contacts']!.post!.security).toEqual(signedIn);
    expect(paths['/api/skills']!.get!.responses).toHaveProperty('401');
    expect(paths['/api/users/{id}']!.get!.security).toEqual(signedIn);
    expect(paths['/api/mail/outbox']!.get!.responses).toHaveProperty('403');
    expect(paths['/api/loans']!.post!.responses).toHaveProperty('403');
    for (const [path, method] of [
      ['/api/v2/login', 'post'],
      ['/api/public/jobs', 'get'],
      ['/api/review/{token}', 'get'],
      ['/api/health', 'get'],
    ] as const) {
      // An empty list says "no credentials" outright (a validating proxy checks every request against it).
      expect(paths[path]![method]!.security, `${method} ${path}`).toEqual([]);
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
    // The job as the server takes it: its number, or the same number in digits.
    expect(live.clientToServer['job:join']).toMatchObject({
      payload: {
        type: 'object',
        properties: { jobId: { anyOf: [{ type: 'integer' }, { type: 'string', pattern: ID_PATTERN }] } },
      },
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

/** Where the document and the files made from it are written while the tools read them. */
const workDir = mkdtempSync(join(tmpdir(), 'portal-openapi-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/**
 * Redocly CLI's `lint` with its recommended rules, on the document as a file. The CLI is one bundled
 * file (the rules engine inside it, @redocly/openapi-core of the same version, is not a package of its
 * own on the registry), so it runs as a child node process: no shell, no network (its telemetry and
 * update check are turned off), in an empty folder so that no `redocly.yaml` of ours changes the rules.
 */
async function lintWithRedocly(document: unknown): Promise<RedoclyProblem[]> {
  const file = join(workDir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const cli = join(
    dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
    'bin/cli.js',
  );
  const args = [cli, 'lint', file, '--extends=recommended', '--format=json', '--max-problems=10000'];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  // The CLI exits with 1 when it finds an error: its report is on stdout either way.
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, args, { cwd: workDir, env, maxBuffer: 64 << 20 }, (error, out, err) => {
      if (error && !out) reject(new Error(`redocly lint failed: ${err}`));
      else resolve(out);
    });
  });
  return (JSON.parse(stdout) as { problems: RedoclyProblem[] }).problems;
}

/**
 * Warnings of the recommended rules the document keeps, each for a reason that is not the document's to
 * fix: the product is not published under a licence; the requirements' URLs `/api/candidates/job/{jobId}` and
 * `/api/candidates/{id}/status` could match the same path (the router takes the literal `job` first, and
 * no candidate has that id); health and readiness take no input and refuse no one, so they have no 4xx
 * answer.
 */
const KEPT_WARNINGS = ['info-license', 'no-ambiguous-paths', 'operation-4xx-response'];

/** The first word of every operationId: what the operation does. */
const OPERATION_VERBS =
  /^(get|list|count|create|update|patch|delete|change|check|sign|upload|import|download|export|share|reject|move|apply|send|mark|revoke|extend)[A-Z]/;

describe('the document as the tools of an API client read it', () => {
  it("passes Redocly CLI's recommended rules with no error", async () => {
    const document = await openapiDocument();
    const problems = await lintWithRedocly(document);
    const described = (problem: RedoclyProblem) =>
      `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`;
    expect(problems.filter((problem) => problem.severity === 'error').map(described)).toEqual([]);
    const warnings = problems.filter((problem) => !KEPT_WARNINGS.includes(problem.ruleId));
    expect(warnings.map(described)).toEqual([]);
  }, 60_000);

  it("publishes no keyword of the app's validator, which still gives its own messages", async () => {
    const document = await openapiDocument();
    const validatorKeys = entriesIn(document).filter(([, key]) => key === 'errorMessage');
    expect(validatorKeys.map(([at]) => at)).toEqual([]);
    // The document is made from copies: the schemas the routes validate with keep their messages.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/email/contact',
      payload: { name: 'Asha', phone: '9876543210', email: 'not an address', message: 'Hello' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CONTACT_MESSAGES.emailInvalid);
  });

  it('names every operation once, verb first', async () => {
    const { paths } = await openapiDocument();
    const ids = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        at: `${method.toUpperCase()} ${path}`,
        id: operation.operationId as string | undefined,
      })),
    );
    expect(ids.filter(({ id }) => !id || !OPERATION_VERBS.test(id))).toEqual([]);
    const seen = new Map<string, string>();
    for (const { at, id } of ids) {
      expect(seen.get(id!), `${at} and ${seen.get(id!)} share ${id}`).toBeUndefined();
      seen.set(id!, at);
    }
    // The table of names holds no line for a route that is gone (or whose URL changed).
    const routes = ids.map(({ at }) => at.replace(/\{(\w+)\}/g, ':$1'));
    expect(Object.keys(OPERATION_IDS).filter((route) => !routes.includes(route))).toEqual([]);
    expect(paths['/api/candidates']!.get!.operationId).toBe('listCandidates');
    expect(paths['/api/candidates/{id}/move']!.post!.operationId).toBe('moveCandidate');
  });

  it('gives openapi-typescript a typed client that type-checks, its operations named', async () => {
    const document = await openapiDocument();
    const api = join(workDir, 'api.ts');
    writeFileSync(api, astToString(await openapiTS(document as never)));
    // A caller of the generated types, as a client's code would use them.
    const caller = join(workDir, 'caller.ts');
    writeFileSync(
      caller,
      [
        "import type { operations, paths } from './api';",
        "type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;",
        "type MoveBody = Json<operations['moveCandidate']['requestBody']>;",
        "export const move: MoveBody = { status: 'screening', version: 3, before: 'a1b2' };",
        "type SignIn = Json<operations['signIn']['requestBody']>;",
        "export const signIn: SignIn = { username: 'admin', password: 'secret' };",
        "type Candidates = Json<operations['listCandidates']['responses'][200]>;",
        'export const firstName = (page: Candidates): string | undefined => page.items[0]?.name;',
        // A tuple stays a tuple: a job's experience range is two numbers, not a list.
        "type Range = Json<paths['/api/public/jobs/{id}']['get']['responses'][200]>['experienceRange'];",
        'export const range: Range = [1, 3];',
        '// @ts-expect-error three numbers are not a range',
        'export const tooLong: Range = [1, 2, 3];',
      ].join('\n'),
    );
    const program = ts.createProgram([api, caller], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      types: [],
      lib: ['lib.es2022.d.ts'],
    });
    const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file
        ? `${diagnostic.file.fileName.slice(workDir.length + 1)}:${
            diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1
          } `
        : '';
      return `${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
    expect(diagnostics).toEqual([]);
  }, 60_000);
});
