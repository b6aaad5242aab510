import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint configuration keeps the layers (eslint.config.js at the repository's root): an import that
 * breaks one fails `npm run lint`. Each case lints one line as if it stood in that file.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function refusal(filePath: string, importLine: string): Promise<string | null> {
  const [result] = await eslint.lintText(`${importLine}\nexport const used = 1;\n`, { filePath });
  return result!.messages.find((m) => m.ruleId === 'no-restricted-imports')?.message ?? null;
}

async function syntaxRefusal(filePath: string, code: string): Promise<string | null> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.find((m) => m.ruleId === 'no-restricted-syntax')?.message ?? null;
}

describe('the layers the linter keeps', () => {
  it.each([
    [
      'apps/server/src/lib/upload-ledger.ts',
      "import { toJob } from '../modules/jobs/model.ts';",
      'Only modules',
    ],
    ['apps/server/src/db/dialect.ts', "import { callerOf } from '../plugins/auth.ts';", 'Plugins sit above'],
    [
      'apps/server/src/plugins/events.ts',
      "import { createOutbox } from '../realtime/outbox.ts';",
      'realtime layer',
    ],
    [
      'apps/server/src/plugins/auth.ts',
      "import type { Services } from '../services.ts';",
      'composition root',
    ],
    [
      'apps/server/src/modules/jobs/service.ts',
      "import type { FastifyRequest } from 'fastify';",
      'never knows HTTP',
    ],
    [
      'apps/server/src/modules/jobs/service.ts',
      "import { emit } from '../../realtime/rooms.ts';",
      'realtime layer',
    ],
    [
      'apps/server/src/modules/candidates/routes.ts',
      "import { x } from '../files/routes.ts';",
      "another module's routes",
    ],
    [
      'apps/server/src/modules/candidates/counts.ts',
      "import { ID_BLOCK } from '../../../../../migrations/20261125090200_candidate-id-blocks.ts';",
      'never imports migrations',
    ],
    [
      'apps/server/src/modules/candidates/search.ts',
      "import { isSqlite } from '../../db/dialect.ts';",
      'the difference itself',
    ],
    [
      'apps/server/src/realtime/outbox.ts',
      "import { isSqlite, jsonValue } from '../db/dialect.ts';",
      'the difference itself',
    ],
    ['migrations/20991231000000_example.ts', "import { nameWords } from '@portal/contracts';", 'frozen copy'],
    [
      'migrations/20991231000000_example.ts',
      "import { up } from './20261121090000_create-users.ts';",
      'never imports another',
    ],
    ['packages/contracts/src/jobs.ts', "import { Button } from '@portal/ui';", 'Contracts import nothing'],
    [
      'packages/ui/src/Pager.tsx',
      "import { Link } from '@tanstack/react-router';",
      'knows nothing of the router',
    ],
    ['apps/web/src/main.tsx', "import { buildApp } from '@portal/server';", 'over HTTP only'],
  ])('%s may not say %s', async (file, line, why) => {
    expect(await refusal(file, line)).toContain(why);
  });

  it.each([
    ['apps/server/src/modules/jobs/routes.ts', "import { callerOf } from '../../plugins/auth.ts';"],
    [
      'apps/server/src/modules/candidates/service.ts',
      "import type { JobService } from '../jobs/service.ts';",
    ],
    [
      'apps/server/src/realtime/plugin.ts',
      "import type { CandidateService } from '../modules/candidates/service.ts';",
    ],
    [
      'apps/server/src/db/connection.ts',
      "import { migrationSource } from '../../../../migrations/index.ts';",
    ],
    ['apps/server/src/services.ts', "import { createJobService } from './modules/jobs/service.ts';"],
  ])('%s may say %s', async (file, line) => {
    expect(await refusal(file, line)).toBeNull();
  });

  it('rows are typed by their model, not cast to a record', async () => {
    const file = 'apps/server/src/modules/users/service.ts';
    expect(
      await syntaxRefusal(
        file,
        "export const row = (await db('users').first()) as Record<string, unknown>;\n",
      ),
    ).toContain('model.ts');
    expect(
      await syntaxRefusal(file, "export const row: UserRow = await db<UserRow>('users').first();\n"),
    ).toBeNull();
  });

  it('numbers and dates are written by the format modules, nowhere else', async () => {
    const property = async (filePath: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath });
      return result!.messages.find((m) => m.ruleId === 'no-restricted-properties')?.message ?? null;
    };
    const screen = 'apps/web/src/features/dashboards/EmployeeDashboardScreen.tsx';
    expect(await property(screen, "export const n = (1234).toLocaleString('en-IN');\n")).toContain(
      'formatCount',
    );
    expect(
      await property('packages/ui/src/Pager.tsx', 'export const d = new Date().toLocaleDateString();\n'),
    ).toContain('formatDate');
    expect(
      await property('packages/contracts/src/format.ts', 'export const n = (1).toLocaleString();\n'),
    ).toBeNull();
    expect(
      await syntaxRefusal(screen, "import { format } from 'date-fns';\nexport const f = format;\n"),
    ).toContain('lib/format.ts');
    expect(
      await syntaxRefusal(
        screen,
        "import { formatDistanceToNow } from 'date-fns';\nexport const f = formatDistanceToNow;\n",
      ),
    ).toBeNull();
  });
});
