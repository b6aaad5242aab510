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

/**
 * The files among `fileNames` that `matchResume` gives to none of `candidateNames`, in their order: what a
 * bulk import reports as resumes matched to no one. Names whose full or first name is a file's base name
 * are settled by a lookup; only the others scan the files.
 */
export function unmatchedResumeFiles(
  candidateNames: readonly string[],
  fileNames: readonly string[],
): string[] {
  const entries = fileNames.map((name) => ({ name, dir: name.endsWith('/') }));
  const files = entries.filter((e) => !e.dir && baseName(e.name) !== '');
  if (files.length === 0) return [];
  const byBase = new Map<string, NamedEntry>();
  for (const entry of files) if (!byBase.has(baseName(entry.name))) byBase.set(baseName(entry.name), entry);
  const used = new Set<NamedEntry>();
  for (const name of candidateNames) {
    const words = name.trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    // An exact base name wins in matchResume too (its first rule, the full name before the first name).
    const exact = byBase.get(words.join('_')) ?? byBase.get(words[0]!);
    const found = exact ?? matchResume(name, files);
    if (found) used.add(found);
  }
  return files.filter((e) => !used.has(e)).map((e) => e.name);
}
