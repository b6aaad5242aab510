import { Model } from 'objection';
import type { Notification, NotificationKind } from '@portal/contracts';
import { toIsoString } from '../../lib/dates.ts';

type Row = Record<string, unknown>;

const idOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The notifications table and the one mapping of its rows to the contract's `Notification`. */
export class NotificationModel extends Model {
  static override tableName = 'notifications';

  static toRecord(row: Row): Notification {
    return {
      id: Number(row.id),
      kind: String(row.kind) as NotificationKind,
      text: String(row.text),
      link: row.link === null || row.link === undefined ? null : String(row.link),
      jobId: idOrNull(row.job_id),
      candidateId: idOrNull(row.candidate_id),
      readAt: row.read_at === null || row.read_at === undefined ? null : toIsoString(row.read_at),
      createdAt: toIsoString(row.created_at),
    };
  }
}
