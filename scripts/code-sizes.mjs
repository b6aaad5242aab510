#!/usr/bin/env node
/**
 * The size checks of the code a newcomer reads (`npm run sizes`): files over 400 lines, functions over 150
 * lines (a factory or a component counts whole), and the `as Row` casts that turn a driver's row into a
 * shape by hand, in apps/server/src and apps/web/src. Tests and generated files are left out. It prints
 * what it finds and exits 0: a list to work from, not a gate.
 */
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import ts from 'typescript';

const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 150;

const files = execFileSync('git', ['ls-files', 'apps/server/src', 'apps/web/src'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.tsx?$/.test(f) && !/\.(test|gen)\.tsx?$/.test(f));

const findings = [];
let casts = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n').length;
  if (lines > MAX_FILE_LINES) findings.push({ kind: 'file', lines, where: file });
  if (file.startsWith('apps/server/src')) casts += (text.match(/\bas Row\b/g) ?? []).length;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const length = last - first + 1;
      if (length > MAX_FUNCTION_LINES) {
        const name = node.name?.getText(source) ?? '(anonymous)';
        findings.push({ kind: 'function', lines: length, where: `${file}:${first + 1} ${name}` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

findings.sort((a, b) => b.lines - a.lines);
for (const f of findings) console.log(`${f.kind.padEnd(8)} ${String(f.lines).padStart(4)} lines  ${f.where}`);
const over = (kind) => findings.filter((f) => f.kind === kind).length;
console.log(
  `${over('file')} files over ${MAX_FILE_LINES} lines, ${over('function')} functions over ${MAX_FUNCTION_LINES} lines, ` +
    `${casts} "as Row" casts in apps/server/src`,
);
