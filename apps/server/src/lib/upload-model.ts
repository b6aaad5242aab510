import { toDate } from './dates.ts';
import { intOrNull, total, type DbInt, type DbTime } from './rows.ts';

/** What a user stored within a period: how many files, how many bytes, and when the oldest came. */
export interface UploadUsage {
  files: number;
  bytes: number;
  oldest: Date | null;
}

/** A row of `uploads`: every stored upload, with who sent it, its size and when. */
export interface UploadRow {
  name: string;
  uploaded_by: DbInt | null;
  size: DbInt;
  created_at: DbTime;
}

/** A row of the usage query: `files` counted, `bytes` summed (NULL over no rows), `oldest` the least `created_at`. */
export interface UploadUsageRow {
  files: DbInt;
  bytes: DbInt | null;
  oldest: DbTime | null;
}

export const newUploadRow = (
  name: string,
  uploadedBy: number | null,
  size: number,
  now: Date = new Date(),
) => ({
  name,
  uploaded_by: uploadedBy,
  size,
  created_at: now,
});

/** Who stored the file of an uploads row (null: a visitor's). */
export const uploaderOf = (row: Pick<UploadRow, 'uploaded_by'> | undefined): number | null =>
  intOrNull(row?.uploaded_by);

/** The row of a usage query as what the user stored. */
export function toUploadUsage(row: UploadUsageRow | undefined): UploadUsage {
  return {
    files: total(row?.files),
    bytes: total(row?.bytes),
    oldest: row?.oldest ? toDate(row.oldest) : null,
  };
}
