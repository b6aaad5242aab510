import { FILE_KINDS, type FileKind } from '@portal/contracts';

// The table of kinds and the check of a file's first bytes are shared with the browser's file pickers.
export { FILE_KINDS, IMAGE_KINDS, RESUME_KINDS, detectFileKind, type FileKind } from '@portal/contracts';

/** File names the store hands out: a random UUID and the extension of the detected kind. */
export const STORED_NAME_PATTERN = `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(${Object.values(
  FILE_KINDS,
)
  .map((k) => k.ext)
  .join('|')})$`;

export function kindOfStoredName(name: string): FileKind | null {
  if (!new RegExp(STORED_NAME_PATTERN).test(name)) return null;
  const ext = name.slice(name.lastIndexOf('.') + 1);
  return (Object.keys(FILE_KINDS) as FileKind[]).find((k) => FILE_KINDS[k].ext === ext) ?? null;
}
