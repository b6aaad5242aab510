import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalFileStore } from './file-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'portal-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the local file store', () => {
  it('makes its private folder on the first upload, and again if the folder was removed', async () => {
    const root = join(dir, 'uploads');
    const files = createLocalFileStore(root);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    const first = await files.put(png, 'png');
    expect(readdirSync(root)).toEqual([first]);
    expect(statSync(root).mode & 0o777).toBe(0o700);

    rmSync(root, { recursive: true });
    const second = await files.put(png, 'png');
    expect(readdirSync(root)).toEqual([second]);
    expect(await files.exists(first)).toBe(false);
    expect(statSync(join(root, second)).mode & 0o777).toBe(0o600);
  });
});
