// Compiles the server to one JavaScript file, dist/main.js, for the production image: no TypeScript loader
// at run time. Our own code, the workspace packages and the migrations (listed in migrations/index.ts,
// imported, never looked up on disk) go into the bundle; every npm package stays an import of
// node_modules, so native addons (better-sqlite3, argon2) and packages that read their own files work as
// installed.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

await build({
  entryPoints: { main: join(here, 'src/main.ts') },
  outdir: join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-stay-external',
      setup(on) {
        on.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
