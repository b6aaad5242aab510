/** What matching needs of a ZIP entry: its path inside the archive, and whether it is a folder. */
export interface NamedEntry {
  name: string;
  dir?: boolean;
}

/** "cvs/2024/John_Doe.PDF" → "john_doe": no folder, no extension, lower case. */
export function baseName(path: string): string {
  const file = path.split(/[\\/]/).pop() ?? '';
  const dot = file.lastIndexOf('.');
  return (dot > 0 ? file.slice(0, dot) : file).toLowerCase();
}

const lettersOnly = (text: string) => text.replace(/[^\p{L}]/gu, '');

/** Loose matches need a few letters, so that "a.pdf" does not match every Anand and Asha. */
const MIN_LOOSE_LETTERS = 3;

/**
 * The resume of a candidate among the ZIP's entries: the entry's base name is compared with
 * the candidate's first name and with the full name with spaces turned to underscores — first by
 * equality, then with non-letters stripped by equality, containment and a starting match. Closer
 * matches win over looser ones, and the full name over the first name. Folders are ignored.
 */
export function matchResume<T extends NamedEntry>(candidateName: string, zipEntries: readonly T[]): T | null {
  const words = candidateName.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  // The full name first: "John Doe" takes john_doe.pdf before john_smith.pdf.
  const keys = [words.join('_'), words[0]!].map((raw) => ({ raw, letters: lettersOnly(raw) }));
  const entries = zipEntries
    .filter((e) => !e.dir && !e.name.endsWith('/'))
    .map((entry) => {
      const base = baseName(entry.name);
      return { entry, base, letters: lettersOnly(base) };
    })
    .filter(({ base }) => base !== '');

  type Candidate = (typeof entries)[number];
  type Key = (typeof keys)[number];
  const loose = (e: Candidate, k: Key) => e.letters.length >= MIN_LOOSE_LETTERS && k.letters !== '';
  const rules: ((e: Candidate, k: Key) => boolean)[] = [
    (e, k) => e.base === k.raw,
    (e, k) => k.letters !== '' && e.letters === k.letters,
    (e, k) => loose(e, k) && e.letters.includes(k.letters),
    (e, k) => loose(e, k) && (e.letters.startsWith(k.letters) || k.letters.startsWith(e.letters)),
  ];
  for (const rule of rules) {
    for (const key of keys) {
      const found = entries.find((e) => rule(e, key));
      if (found) return found.entry;
    }
  }
  return null;
}
