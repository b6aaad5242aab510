import {
  DASHBOARD_MESSAGES,
  type CandidateStatus,
  type EmployeeDashboard,
  type RecentActivity,
} from '@portal/contracts';
import { int, isoTime, total, type DbInt, type DbTime } from '../../lib/rows.ts';

/** A count of candidates by one value (a status or a source), as summed from the kept counts. */
export interface CountRow {
  value: string;
  n: DbInt | null;
}

/** The counts by value, leaving out the values nobody has. */
export const countsByValue = (rows: CountRow[]): Map<string, number> =>
  new Map(rows.filter((r) => total(r.n) > 0).map((r) => [r.value, total(r.n)]));

/** An aggregate's answer: a count or a sum, NULL over no rows. */
export interface TotalRow {
  n: DbInt | null;
}

/** The newest history entries with their candidates and jobs, as the recent activities select them. */
export interface RecentHistoryRow {
  id: DbInt;
  kind: string;
  /** The job applied to, when the entry is an application recorded on an existing profile. */
  applied_job_title: string | null;
  from_status: string | null;
  to_status: string;
  changed_at: DbTime;
  candidate_id: DbInt;
  uuid: string;
  name: string;
  job_id: DbInt;
  title: string;
}

/** A history entry as the recruitment dashboard lists it: a new candidate or a status change. */
export function toRecentActivity(row: RecentHistoryRow): RecentActivity {
  // An application recorded on an existing profile reads as an application, for the job applied to.
  const isApplication = row.kind === 'application';
  const from = row.from_status;
  const isNew = isApplication || from == null;
  return {
    id: int(row.id),
    type: isNew ? 'new_candidate' : 'status_change',
    description: isNew
      ? DASHBOARD_MESSAGES.newCandidate(row.name, (isApplication && row.applied_job_title) || row.title)
      : DASHBOARD_MESSAGES.statusChange(row.name, from, row.to_status),
    timestamp: isoTime(row.changed_at),
    candidateId: int(row.candidate_id),
    candidateUuid: row.uuid,
    jobId: int(row.job_id),
  };
}

/** The reader's own row of `users`, as their dashboard shows them. */
export interface DashboardUserRow {
  id: DbInt;
  name: string;
  email: string;
  photo: string | null;
  designation: string | null;
  department: string | null;
}

export const toDashboardUser = (row: DashboardUserRow): EmployeeDashboard['user'] => ({
  id: int(row.id),
  name: row.name,
  email: row.email,
  photo: row.photo ?? null,
  designation: row.designation ?? null,
  department: row.department ?? null,
});

/** One of the newest candidates the reader added, with their job's title. */
export interface AddedCandidateRow {
  id: DbInt;
  uuid: string;
  name: string;
  status: CandidateStatus;
  created_at: DbTime;
  job_id: DbInt;
  title: string;
}

export const toAddedCandidate = (row: AddedCandidateRow): EmployeeDashboard['recentActivities'][number] => ({
  id: int(row.id),
  uuid: row.uuid,
  candidateName: row.name,
  jobTitle: row.title,
  jobId: int(row.job_id),
  date: isoTime(row.created_at),
  application_status: row.status,
});

/** A job open for applications, as the reader's dashboard lists it. */
export interface OpenJobRow {
  id: DbInt;
  title: string;
  type: string;
  openings: DbInt;
}

export const toOpenPosition = (row: OpenJobRow): EmployeeDashboard['openPositions'][number] => ({
  id: int(row.id),
  title: row.title,
  type: row.type,
  openings: int(row.openings),
});
