import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type RunningS3Server } from '../../../../scripts/s3-server.mjs';
import { parseS3Url } from '../config.ts';
import { createLocalFileStore, type FileStore } from './file-store.ts';
import { createS3FileStore } from './s3-file-store.ts';

const dir = mkdtempSync(join(tmpdir(), 'portal-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const MB = 1024 * 1024;

/** `total` bytes made as they are read, 64 KB at a time: the whole never exists in memory. */
function generated(total: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const size = Math.min(64 * 1024, total - sent);
      // Each chunk's first byte says where it is, so that a reordered or lost chunk shows.
      const chunk = Buffer.alloc(size, (sent / (64 * 1024)) % 251);
      sent += size;
      this.push(chunk);
    },
  });
}

// Garbage collected before each sample, so that what is measured is what the store holds, not chunks
// already let go that the collector has not yet reached.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * What the process holds alive: its JavaScript heap and the buffers outside it (where a stream's chunks
 * live). Resident memory was measured before, but it also counts what the allocator keeps after the
 * chunks are let go, and rose by 44 MB once in CI for a store that held nothing whole.
 */
const live = () => {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
};

/** Runs `work` and gives how far the memory the process holds alive rose above where it started. */
async function memoryGrowth(work: () => Promise<void>): Promise<number> {
  collectGarbage();
  const start = live();
  let peak = start;
  const timer = setInterval(() => {
    collectGarbage();
    peak = Math.max(peak, live());
  }, 200);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return peak - start;
}

// The same contract on both stores: the local folder, and an S3 server (S3_URL when set, else s3rver here).
const stores: { label: string; make: () => Promise<FileStore> }[] = [
  { label: 'the local folder', make: async () => createLocalFileStore(join(dir, 'contract')) },
  {
    label: 'an S3 bucket',
    make: async () => {
      const store = await createS3FileStore(parseS3Url(process.env.S3_URL || s3!.url));
      await store.prepare();
      return store;
    },
  },
];
let s3: RunningS3Server | undefined;
beforeAll(async () => {
  if (!process.env.S3_URL) s3 = await startS3Server();
});
afterAll(async () => s3?.close());

describe.each(stores)('the file store: $label', ({ make }) => {
  let files: FileStore;
  beforeAll(async () => {
    files = await make();
  });
  afterAll(() => files.close?.());

  it('stores a file under a new name of its own kind, opens it, and removes it', async () => {
    const name = await files.put(png, 'png');
    expect(name).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(await files.exists(name)).toBe(true);
    const opened = await files.open(name);
    expect(opened?.size).toBe(png.length);
    expect(await readAll(opened!.stream)).toEqual(png);

    await files.remove(name);
    expect(await files.exists(name)).toBe(false);
    expect(await files.open(name)).toBeNull();
    // Removing what is not there is not an error.
    await files.remove(name);
  });

  it('refuses names it could not have made', async () => {
    const name = await files.put(png, 'png');
    for (const bad of ['../' + name, `x/${name}`, name.replace('.png', ''), `${name}.part`, '..', '']) {
      expect(await files.exists(bad)).toBe(false);
      expect(await files.open(bad)).toBeNull();
      await files.remove(bad);
    }
    expect(await files.exists(name)).toBe(true);
  });

  it('passes a 50 MB stream through without holding it in memory', async () => {
    const size = 50 * MB;
    let name = '';
    const stored = await memoryGrowth(async () => {
      name = await files.put(generated(size), 'pdf');
    });
    let read = 0;
    let inOrder = true;
    const opened = await files.open(name);
    expect(opened?.size).toBe(size);
    const readBack = await memoryGrowth(async () => {
      for await (const chunk of opened!.stream) {
        const at = read;
        read += (chunk as Buffer).length;
        // Chunk boundaries differ on the way back; check each 64 KB block's first byte where one starts.
        const offset = (64 * 1024 - (at % (64 * 1024))) % (64 * 1024);
        if (offset < (chunk as Buffer).length) {
          const block = (at + offset) / (64 * 1024);
          if ((chunk as Buffer)[offset] !== block % 251) inOrder = false;
        }
      }
    });
    expect(read).toBe(size);
    expect(inOrder).toBe(true);
    console.log(
      `50 MB stream: memory grew by ${(stored / MB).toFixed(1)} MB storing it, ` +
        `${(readBack / MB).toFixed(1)} MB reading it back`,
    );
    // A store that held the file whole would grow by 50 MB or more. The bound leaves room for the parts
    // in flight of a multipart upload, on both ends when the S3 server runs in this process.
    expect(stored).toBeLessThan(40 * MB);
    expect(readBack).toBeLessThan(40 * MB);
    await files.remove(name);
  });
});

describe('the local file store', () => {
  it('makes its private folder on the first upload, and again if the folder was removed', async () => {
    const root = join(dir, 'uploads');
    const files = createLocalFileStore(root);
    const first = await files.put(png, 'png');
    expect(readdirSync(root)).toEqual([first]);
    expect(statSync(root).mode & 0o777).toBe(0o700);

    rmSync(root, { recursive: true });
    const second = await files.put(Readable.from([png]), 'png');
    expect(readdirSync(root)).toEqual([second]);
    expect(await files.exists(first)).toBe(false);
    expect(statSync(join(root, second)).mode & 0o777).toBe(0o600);
  });
});
