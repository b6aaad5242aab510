import { Model } from 'objection';
import { toDate } from './dates.ts';
import type { Row } from './model.ts';

/** What a user stored within a period: how many files, how many bytes, and when the oldest came. */
export interface UploadUsage {
  files: number;
  bytes: number;
  oldest: Date | null;
}

/** The `uploads` table: every stored upload, with who sent it, its size and when. */
export class UploadModel extends Model {
  static override tableName = 'uploads';
  static override idColumn = 'name';

  name!: string;
  uploaded_by!: number | null;
  size!: number;
  created_at!: Date | string | number;

  static newRow(name: string, uploadedBy: number | null, size: number, now: Date = new Date()) {
    return { name, uploaded_by: uploadedBy, size, created_at: now };
  }

  /** The row of a usage query (`files` counted, `bytes` summed, `oldest` the least `created_at`). */
  static toUsage(row: Row | undefined): UploadUsage {
    return {
      files: Number(row?.files ?? 0),
      bytes: Number(row?.bytes ?? 0),
      oldest: row?.oldest ? toDate(row.oldest) : null,
    };
  }
}
