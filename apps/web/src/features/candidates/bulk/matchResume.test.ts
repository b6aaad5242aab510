import { describe, expect, it } from 'vitest';
import { baseName, matchResume } from './matchResume.ts';

const entries = (...names: string[]) => names.map((name) => ({ name, dir: name.endsWith('/') }));
const match = (candidate: string, ...names: string[]) =>
  matchResume(candidate, entries(...names))?.name ?? null;

describe('matchResume', () => {
  it('matches the full name with underscores, or the first name, by equality', () => {
    expect(match('John Doe', 'jane.pdf', 'John_Doe.pdf')).toBe('John_Doe.pdf');
    expect(match('Priya Sharma', 'notes.docx', 'priya.docx')).toBe('priya.docx');
  });

  it('is not fooled by case', () => {
    expect(match('ANAND K', 'anand_k.PDF')).toBe('anand_k.PDF');
    expect(match('anand k', 'ANAND_K.pdf')).toBe('ANAND_K.pdf');
  });

  it('compares letters only once non-letters are stripped', () => {
    expect(match('John Doe', 'john-doe.pdf')).toBe('john-doe.pdf');
    expect(match("D'Souza Maria", 'dsouza_maria (1).pdf')).toBe('dsouza_maria (1).pdf');
  });

  it('matches by containment', () => {
    expect(match('John Doe', 'Resume - John Doe 2024.pdf')).toBe('Resume - John Doe 2024.pdf');
    expect(match('Kavya Menon', 'CV_kavya.docx')).toBe('CV_kavya.docx');
  });

  it('matches by a starting match', () => {
    expect(match('Johnathan Doe', 'johnat.pdf')).toBe('johnat.pdf');
  });

  it('prefers the full name and closer matches over looser ones', () => {
    expect(match('John Doe', 'john_smith.pdf', 'john_doe_cv.pdf')).toBe('john_doe_cv.pdf');
    expect(match('John Doe', 'cv_john_doe.pdf', 'john_doe.pdf')).toBe('john_doe.pdf');
  });

  it('ignores folders in the path and folder entries', () => {
    expect(match('Rahul Verma', 'rahul/', 'resumes/2024/rahul_verma.pdf')).toBe(
      'resumes/2024/rahul_verma.pdf',
    );
    expect(match('Rahul Verma', 'rahul_verma/')).toBeNull();
    expect(match('Rahul Verma', 'rahul_verma/cv.pdf')).toBeNull();
  });

  it('finds nothing for an unrelated name, a blank name or a tiny file name', () => {
    expect(match('Sita Iyer', 'john_doe.pdf', 'a.pdf')).toBeNull();
    expect(match('  ', 'john_doe.pdf')).toBeNull();
    expect(match('Al Li', 'a.pdf')).toBeNull();
  });

  it('takes the base name without folder or extension', () => {
    expect(baseName('cvs/2024/John_Doe.Final.PDF')).toBe('john_doe.final');
    expect(baseName('x\\y\\Ann.docx')).toBe('ann');
  });
});
