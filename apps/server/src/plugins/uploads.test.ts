import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '../../../../scripts/fixtures.ts';
import { multipartForm, type FormPart } from '../../test/helper.ts';
import { createDb } from '../db/connection.ts';
import dbPlugin from './db.ts';
import errorsPlugin from './errors.ts';
import filesPlugin from './files.ts';
import uploadsPlugin, { type FormPolicy } from './uploads.ts';

/** A form of two files (a photo that must come, a resume that may) and one required text field. */
const FORM: FormPolicy = {
  fields: Type.Object({ title: Type.String({ minLength: 1, title: 'Title' }) }),
  files: [
    {
      field: 'photo',
      kinds: ['png'],
      maxBytes: 1024,
      tooLargeMessage: 'photo too large',
      unsupportedMessage: () => 'photo must be a PNG',
    },
    {
      field: 'resume',
      kinds: ['pdf'],
      maxBytes: 4096,
      tooLargeMessage: 'resume too large',
      unsupportedMessage: () => 'resume must be a PDF',
      optional: true,
    },
  ],
};

const dir = mkdtempSync(join(tmpdir(), 'portal-uploads-'));
const uploadsDir = join(dir, 'uploads');
const db = createDb(`sqlite:${join(dir, 'test.sqlite')}`);
let app: FastifyInstance;
let png: Buffer;
const pdf = Buffer.from('%PDF-1.4\n% a resume\n');

beforeAll(async () => {
  png = await makePng(8);
  await db.migrate.latest();
  app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { db });
  await app.register(filesPlugin, { uploadsDir });
  await app.register(uploadsPlugin, {
    filesPerHour: 100,
    bytesPerHour: 1_000_000,
    graceMs: 60_000,
    sweepEveryMs: 60_000,
  });
  // Keeps the files only when the title is not "fail": the write that should keep them fails otherwise.
  app.post('/form', async (request) => {
    const form = await app.receiveForm<{ title: string }>(request, FORM);
    const stored = await form.store();
    return stored.keep(async () => {
      if (form.fields.title === 'fail') throw new Error('the write failed');
      return { title: form.fields.title, photo: stored.urlOf('photo'), resume: stored.urlOf('resume') };
    });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

function send(parts: [string, FormPart][]) {
  const body = multipartForm(Object.fromEntries(parts));
  return app.inject({ method: 'POST', url: '/form', headers: body.headers, payload: body.payload });
}

const stored = () => (existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : []);
const uploadRows = async () => Number((await db('uploads').count({ n: '*' }).first())?.n ?? 0);

describe('one multipart reader for every form', () => {
  it('stores both files of a form, in any order around its fields, and notes each upload', async () => {
    const res = await send([
      ['resume', { filename: 'cv.pdf', data: pdf }],
      ['title', 'Both'],
      ['photo', { filename: 'me.png', data: png }],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { title: string; photo: string; resume: string };
    expect(body.title).toBe('Both');
    expect(body.photo).toMatch(/^\/api\/files\/.+\.png$/);
    expect(body.resume).toMatch(/^\/api\/files\/.+\.pdf$/);
    expect(stored()).toEqual([body.photo, body.resume].map((u) => u.split('/').pop()).sort());
    expect(await uploadRows()).toBe(2);
  });

  it('takes an optional file left empty as no file', async () => {
    const res = await send([
      ['title', 'Photo only'],
      ['photo', { filename: 'me.png', data: png }],
      ['resume', { filename: '', data: Buffer.alloc(0) }],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resume).toBeNull();
  });

  it.each([
    [
      'a second file that is not what it claims',
      [
        ['title', 'x'],
        ['photo', 'png'],
        ['resume', Buffer.from('MZ\x90\x00 a program')],
      ],
      415,
      'resume must be a PDF',
    ],
    [
      'a second file over its own limit (under the first one’s)',
      [
        ['title', 'x'],
        ['photo', 'png'],
        ['resume', Buffer.alloc(5000, 1)],
      ],
      413,
      'resume too large',
    ],
    [
      'a first file over its limit',
      [
        ['title', 'x'],
        ['photo', Buffer.concat([Buffer.alloc(2000, 1)])],
      ],
      413,
      'photo too large',
    ],
    [
      'a missing required file',
      [
        ['title', 'x'],
        ['resume', 'pdf'],
      ],
      400,
      'Please choose a file to upload',
    ],
    [
      'a field that fails its schema',
      [
        ['title', ''],
        ['photo', 'png'],
      ],
      400,
      'Title',
    ],
  ] as const)('refuses %s and stores none of the form', async (_case, parts, status, message) => {
    const files = { png, pdf } as Record<string, Buffer>;
    const before = { files: stored(), rows: await uploadRows() };
    const res = await send(
      parts.map(([name, value]) => [
        name,
        name === 'title'
          ? (value as string)
          : { filename: 'f', data: typeof value === 'string' ? files[value]! : (value as Buffer) },
      ]),
    );
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toContain(message);
    expect({ files: stored(), rows: await uploadRows() }).toEqual(before);
  });

  it('removes the stored files when the write that should keep them fails', async () => {
    const before = stored();
    const res = await send([
      ['title', 'fail'],
      ['photo', { filename: 'me.png', data: png }],
      ['resume', { filename: 'cv.pdf', data: pdf }],
    ]);
    expect(res.statusCode).toBe(500);
    expect(stored()).toEqual(before);
  });
});
