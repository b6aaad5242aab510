#!/usr/bin/env node
/**
 * Builds the web app and prints the JavaScript a visitor downloads for a public page (gzip), from the build's
 * manifest: the entry of index.html with its static imports, plus the split chunks of each route the page
 * matches, with theirs. Fails when the budgeted page (js-budget.json: /careers/jobs, 151 KB gzip)
 * is over it; the e2e suite checks the same budget on what Chromium really downloads (public.e2e.ts).
 * The pages under `more` (the client review page) have budgets of their own, checked here only.
 *
 *   npm run size -w @portal/web            # build into a temporary folder and report
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const {
  page: BUDGET_PAGE,
  kbGzip: BUDGET_KB,
  more: MORE_BUDGETS = {},
} = JSON.parse(readFileSync(join(WEB, 'scripts/js-budget.json'), 'utf8'));
/** Each budgeted page's limit (KB gzip). */
const BUDGETS = { ...MORE_BUDGETS, [BUDGET_PAGE]: BUDGET_KB };

/** Each page and the route files it matches, outermost first (the root route is in the entry). */
const PAGES = {
  '/': ['_public.tsx', '_public/index.tsx'],
  '/contact': ['_public.tsx', '_public/contact.tsx'],
  '/why-choose-us': ['_public.tsx', '_public/why-choose-us.tsx'],
  '/gallery': ['_public.tsx', '_public/gallery.tsx'],
  '/project-documents': ['_public.tsx', '_public/project-documents.tsx'],
  '/careers/jobs': ['_public.tsx', '_public/careers/jobs/index.tsx'],
  '/careers/jobs/$id': ['_public.tsx', '_public/careers/jobs/$id.tsx'],
  '/careers/jobs/$jobId/apply': ['_public.tsx', '_public/careers/jobs/$jobId/apply.tsx'],
  '/review/$token': ['review/$token.tsx'],
  '/admin/dashboard (for comparison)': ['admin/_admin.tsx', 'admin/_admin/dashboard.tsx'],
};

const out = mkdtempSync(join(tmpdir(), 'portal-size-'));
try {
  execFileSync(
    process.execPath,
    [
      join(WEB, '../../node_modules/vite/bin/vite.js'),
      'build',
      '--manifest',
      '--outDir',
      out,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    // A NODE_ENV of development or test in the caller's environment would build React's development files.
    { cwd: WEB, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8'));
  const gz = new Map();
  const gzipOf = (file) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(out, file))).length);
    return gz.get(file);
  };
  /** A chunk and its static imports, by output file. */
  const closure = (key, files = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) closure(dep, files);
    return files;
  };
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const routeChunks = (routeFile) =>
    Object.keys(manifest).filter(
      (k) => k.startsWith(`src/routes/${routeFile}`) && manifest[k].isDynamicEntry,
    );

  const failed = [];
  console.log(`JavaScript downloaded per page (gzip, default level):`);
  for (const [page, routes] of Object.entries(PAGES)) {
    const files = closure(entry);
    for (const route of routes) for (const key of routeChunks(route)) closure(key, files);
    const total = [...files].reduce((sum, f) => sum + gzipOf(f), 0);
    const kb = total / 1024;
    const budget = BUDGETS[page];
    const over = budget !== undefined && kb > budget;
    if (over) failed.push(`${page} is over its budget of ${budget} KB gzip (scripts/js-budget.json)`);
    console.log(
      `  ${page.padEnd(36)} ${kb.toFixed(1).padStart(7)} KB in ${String(files.size).padStart(2)} files` +
        (budget !== undefined ? `  (budget ${budget} KB${over ? ': OVER' : ''})` : ''),
    );
  }
  for (const line of failed) console.error(line);
  if (failed.length > 0) process.exitCode = 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
