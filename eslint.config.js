import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The layers, kept by the linter so that nobody has to remember them. Lower layers never import higher ones:
 * in the server, lib < db < plugins < modules (services, then their routes) < realtime < the composition root
 * (services.ts, app.ts) < seed and cli. Contracts import nothing of ours; the UI kit knows nothing of the
 * router, the web app or the server; the web app and the server never import each other. Each rule is a
 * regular expression on the import's path and says why when it refuses.
 */
const forbid = (regex, message) => ({ regex, message });
const LAYER = {
  modules: forbid(
    '(^|/)modules/',
    'Only modules, the realtime layer and the composition root import modules.',
  ),
  plugins: forbid(
    '(^|/)plugins/',
    'Plugins sit above lib and db: a lower layer receives what it needs instead.',
  ),
  db: forbid('(^|/)db/', 'lib holds helpers that need no database connection.'),
  realtime: forbid(
    '(^|/)realtime/',
    'Services publish domain events after commit; only the realtime layer turns them into messages.',
  ),
  composition: forbid(
    '(^|/)(services|app|main)\\.ts$',
    'The composition root (services.ts, app.ts, main.ts) is built from the layers, never imported by them.',
  ),
  seed: forbid('(^|/)(seed|cli)/', 'Seeds and commands call services; nothing below them imports them.'),
  migrations: forbid(
    '(^|/)migrations/',
    'Application code never imports migrations: a migration keeps frozen copies of what it needs.',
  ),
  otherRoutes: forbid(
    '^\\.\\./[^/]+/(routes|pages|[^/]+-routes)\\.ts$',
    "A module's routes never import another module's routes: shared policies live in plugins/ or contracts.",
  ),
  fastify: forbid('^(fastify|@fastify/.*)$', 'A service holds rules and never knows HTTP: routes do.'),
  /** Feature code asks db/dialect.ts for what differs (a helper named for the difference), never which database it is. */
  dialectName: {
    ...forbid(
      '(^|/)db/dialect\\.ts$',
      'Ask db/dialect.ts for the difference itself (a helper named for it), not which database this is.',
    ),
    importNames: ['isSqlite'],
  },
};
const LOCALE_METHODS = ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'];
const FORMAT_MESSAGE =
  "Write numbers with contracts' format.ts (formatCount, formatRupees…) and dates with the web's lib/format.ts (formatDate…).";
const restrict = (...rules) => ({ 'no-restricted-imports': ['error', { patterns: rules }] });
const server = 'apps/server/src';
/** A module's HTTP layer: its routes.ts (or pages.ts), and the route plugins a large one registers (*-routes.ts). */
const ROUTE_FILES = `${server}/modules/*/{routes,pages,*-routes}.ts`;
/** What no layer below the composition root imports; each lower layer adds the layers above it. */
const ABOVE_REALTIME = [LAYER.composition, LAYER.seed, LAYER.migrations];
const ABOVE_PLUGINS = [LAYER.modules, LAYER.realtime, ...ABOVE_REALTIME];
const layers = [
  { files: [`${server}/lib/**/*.ts`], rules: restrict(LAYER.db, LAYER.plugins, ...ABOVE_PLUGINS) },
  {
    files: [`${server}/db/**/*.ts`, `${server}/{events,errors,config}.ts`],
    ignores: [`${server}/db/connection.ts`],
    rules: restrict(LAYER.plugins, ...ABOVE_PLUGINS),
  },
  {
    // The one exception: the connection runs the migrations, so it holds their list.
    files: [`${server}/db/connection.ts`],
    rules: restrict(LAYER.plugins, LAYER.modules, LAYER.realtime, LAYER.composition, LAYER.seed),
  },
  {
    files: [`${server}/plugins/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: restrict(LAYER.dialectName, ...ABOVE_PLUGINS),
  },
  {
    files: [`${server}/modules/**/*.ts`],
    ignores: [ROUTE_FILES, '**/*.test.ts'],
    rules: restrict(LAYER.fastify, LAYER.plugins, LAYER.realtime, LAYER.dialectName, ...ABOVE_REALTIME),
  },
  {
    files: [ROUTE_FILES],
    rules: restrict(LAYER.otherRoutes, LAYER.realtime, LAYER.dialectName, ...ABOVE_REALTIME),
  },
  { files: [`${server}/realtime/**/*.ts`], rules: restrict(LAYER.dialectName, ...ABOVE_REALTIME) },
  {
    // A row read from the database has the type its module's model.ts declares (lib/rows.ts's column types),
    // and its decoder turns it into the answer: a cast to an untyped record hides a column's real type.
    files: [`${server}/modules/**/*.ts`, `${server}/lib/**/*.ts`, `${server}/realtime/**/*.ts`],
    ignores: [`${server}/**/*.test.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "TSAsExpression > TSTypeReference[typeName.name='Record'][typeArguments.params.1.type='TSUnknownKeyword']",
          message:
            "Declare the row's type in the module's model.ts (lib/rows.ts column types); do not cast to a record.",
        },
      ],
    },
  },
  {
    // Numbers and dates a person reads are written by one module each side (contracts' format.ts, the web's
    // lib/format.ts): no screen groups digits or writes a date its own way.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    ignores: ['packages/contracts/src/format.ts', 'apps/web/src/lib/format.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...LOCALE_METHODS.map((property) => ({ property, message: FORMAT_MESSAGE })),
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='date-fns'] > ImportSpecifier[imported.name='format']",
          message: FORMAT_MESSAGE,
        },
      ],
    },
  },
  {
    files: ['migrations/**/*.ts'],
    ignores: ['migrations/index.ts'],
    rules: restrict(
      forbid('^@portal/', 'A migration never imports live application code: it keeps a frozen copy.'),
      forbid('(^|/)apps/', 'A migration never imports live application code: it keeps a frozen copy.'),
      forbid('^\\./\\d+_', 'A migration never imports another: it keeps a frozen copy of what it needs.'),
    ),
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: restrict(forbid('^@portal/|(^|/)(apps|packages)/', 'Contracts import nothing of ours.')),
  },
  {
    files: ['packages/ui/**/*.{ts,tsx}'],
    rules: restrict(
      forbid('^@portal/(web|server)$|(^|/)apps/', 'The UI kit knows nothing of the web app or the server.'),
      forbid('^@tanstack/react-router', 'The UI kit knows nothing of the router: the app makes the links.'),
    ),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: restrict(
      forbid('^@portal/server|(^|/)apps/server/', 'The web app talks to the server over HTTP only.'),
    ),
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/*.gen.ts', '.turbo/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { document: 'readonly', localStorage: 'readonly', window: 'readonly' } },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  ...layers,
);
