import { describe, expect, it } from 'vitest';
import { BULK_LIMITS, CANDIDATE_MESSAGES as M, RESUME_MAX_BYTES } from '@portal/contracts';
import { isUnsafePath, readZip } from './readZip.ts';
import { fakePdf, makeZip, makeZipBomb } from './testFiles.ts';

const blob = (bytes: Uint8Array<ArrayBuffer>) => new Blob([bytes]);

describe('readZip', () => {
  it('returns the PDF, DOC and DOCX entries with their bytes, skipping folders and other files', async () => {
    const pdf = fakePdf('john');
    const zip = await makeZip({
      'resumes/': '',
      'resumes/John_Doe.pdf': pdf,
      'resumes/priya.DOCX': 'docx bytes',
      'old.doc': 'doc bytes',
      'photo.jpg': 'not a resume',
      '__MACOSX/resumes/._John_Doe.pdf': 'mac shadow',
    });
    const resumes = await readZip(blob(zip));
    expect(resumes.map((r) => r.name).sort()).toEqual([
      'old.doc',
      'resumes/John_Doe.pdf',
      'resumes/priya.DOCX',
    ]);
    const john = resumes.find((r) => r.fileName === 'John_Doe.pdf')!;
    expect(Array.from(john.data!)).toEqual(Array.from(pdf));
    expect(john.size).toBe(pdf.length);
  });

  it('refuses an entry whose path climbs out with ".."', async () => {
    const zip = await makeZip({ 'ok.pdf': fakePdf('ok'), '../evil.pdf': fakePdf('evil') });
    await expect(readZip(blob(zip))).rejects.toThrow(M.zipUnsafePath);
  });

  it('spots unsafe paths', () => {
    expect(isUnsafePath('a/../b.pdf')).toBe(true);
    expect(isUnsafePath('/etc/x.pdf')).toBe(true);
    expect(isUnsafePath('..\\x.pdf')).toBe(true);
    expect(isUnsafePath('C:/x.pdf')).toBe(true);
    expect(isUnsafePath('a..b/c.pdf')).toBe(false);
  });

  it('refuses a zip bomb quickly, counting the inflated bytes rather than trusting the declared size', async () => {
    const bomb = makeZipBomb(BULK_LIMITS.zipMaxInflatedBytes + 50 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const started = performance.now();
    await expect(readZip(blob(bomb))).rejects.toThrow(M.zipTooLarge);
    expect(performance.now() - started).toBeLessThan(30_000);
  }, 60_000);

  it('keeps no bytes of a file bigger than a resume may be, but says how big it is', async () => {
    const zip = await makeZip({ 'big.pdf': new Uint8Array(RESUME_MAX_BYTES + 10) });
    const [big] = await readZip(blob(zip));
    expect(big).toMatchObject({ data: null, size: RESUME_MAX_BYTES + 10 });
  });

  it('refuses too many entries, too big a file and what is not a ZIP', async () => {
    const limits = { ...BULK_LIMITS, zipMaxEntries: 2 };
    const three = await makeZip({ 'a.pdf': 'a', 'b.pdf': 'b', 'c.pdf': 'c' });
    await expect(readZip(blob(three), limits)).rejects.toThrow(M.zipTooManyEntries);
    await expect(readZip(blob(three), { ...BULK_LIMITS, zipMaxBytes: 10 })).rejects.toThrow(
      M.zipFileTooLarge(10 / 1024 / 1024),
    );
    await expect(readZip(blob(fakePdf('x')))).rejects.toThrow(M.zipOnly);
  });
});
