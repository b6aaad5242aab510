import type { Knex } from 'knex';
import { fileUrl, type FileStore } from './file-store.ts';
import {
  newUploadRow,
  toUploadUsage,
  uploaderOf,
  type UploadRow,
  type UploadUsage,
  type UploadUsageRow,
} from './upload-model.ts';

/**
 * Every column that holds the address of an uploaded file, and who may read the records it belongs to
 * (and so the file): every signed-in user reads the users list with its photos and the candidates with
 * their resumes; only admins read the ledger. A file none of them names once its grace period is over was
 * never attached (a form abandoned after its upload) or was let go, and is removed. A feature that keeps
 * files (resumes, receipts) adds its column here, and an index on it (a file is looked up by its address).
 *
 * `browserMayKeep`: whether the browser may keep the file after it was shown (Cache-Control). Only user
 * photos may: a colleague's face is shown on every screen and says little. A resume, a candidate's photo or
 * a receipt would stay on a shared computer's disk after sign-out, readable by the next person at it.
 */
export const FILE_REFERENCES: readonly {
  table: string;
  column: string;
  readableBy: 'signed-in' | 'admins';
  browserMayKeep: boolean;
}[] = [
  { table: 'users', column: 'photo', readableBy: 'signed-in', browserMayKeep: true },
  { table: 'candidates', column: 'resume_url', readableBy: 'signed-in', browserMayKeep: false },
  { table: 'candidates', column: 'image_url', readableBy: 'signed-in', browserMayKeep: false },
  // The resume sent with a careers application recorded on an existing profile (its history entry).
  { table: 'candidate_history', column: 'resume_url', readableBy: 'signed-in', browserMayKeep: false },
  { table: 'loan_transactions', column: 'receipt_url', readableBy: 'admins', browserMayKeep: false },
  { table: 'expenses', column: 'expense_image', readableBy: 'admins', browserMayKeep: false },
];

/** How many old uploads one sweep looks at (the next sweep takes the rest). */
const SWEEP_BATCH = 500;

/**
 * The uploads table: who stored which file when. It gives the per-user allowance (counted in the
 * database, so every app node counts together) and the sweeper its list of candidates.
 */
export function createUploadLedger({ db, files }: { db: Knex; files: FileStore }) {
  return {
    /** Notes stored files (one statement for all of a form's files). */
    async record(uploads: readonly { name: string; uploadedBy: number | null; size: number }[]) {
      if (uploads.length === 0) return;
      const now = new Date();
      await db('uploads').insert(uploads.map((u) => newUploadRow(u.name, u.uploadedBy, u.size, now)));
    },

    /** Who stored the file, while the uploads table still holds it (null: a visitor's, or unknown). */
    async uploaderOf(name: string): Promise<number | null> {
      const row: Pick<UploadRow, 'uploaded_by'> | undefined = await db<UploadRow>('uploads')
        .where({ name })
        .first('uploaded_by');
      return uploaderOf(row);
    },

    /** Files and bytes a user stored since `since`. */
    async usageOf(userId: number, since: Date): Promise<UploadUsage> {
      const row: UploadUsageRow | undefined = await db('uploads')
        .where('uploaded_by', userId)
        .where('created_at', '>=', since)
        .count({ files: '*' })
        .sum({ bytes: 'size' })
        .min({ oldest: 'created_at' })
        .first<UploadUsageRow | undefined>();
      return toUploadUsage(row);
    },

    /** Removes uploads older than `graceMs` that no record points at; returns how many went. */
    async sweep(graceMs: number, now: Date = new Date()): Promise<number> {
      const old: string[] = await db<UploadRow>('uploads')
        .where('created_at', '<', new Date(now.getTime() - graceMs))
        .orderBy('created_at')
        .limit(SWEEP_BATCH)
        .pluck('name');
      if (old.length === 0) return 0;
      const referenced = new Set<string>();
      for (const { table, column } of FILE_REFERENCES) {
        const urls: string[] = await db(table).whereIn(column, old.map(fileUrl)).pluck(column);
        for (const url of urls) referenced.add(url);
      }
      const orphans = old.filter((name) => !referenced.has(fileUrl(name)));
      for (const name of orphans) await files.remove(name);
      // Attached files stay on disk; every swept row, attached or not, has done its work.
      await db('uploads').whereIn('name', old).delete();
      return orphans.length;
    },
  };
}
export type UploadLedger = ReturnType<typeof createUploadLedger>;
