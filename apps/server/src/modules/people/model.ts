import {
  PERSON_FIELDS,
  type Candidate,
  type PeopleExportRow,
  type Person,
  type PersonApplication,
  type PersonField,
  type PersonListItem,
} from '@portal/contracts';
import type { CandidateChangeRow } from '../candidates/model.ts';
import {
  decimal,
  decimalOrNull,
  int,
  intOrNull,
  isoTime,
  type DbDecimal,
  type DbInt,
  type DbTime,
} from '../../lib/rows.ts';

/** A row of `people`: who someone is, once (their applications are rows of `candidates`). */
export interface PersonRow {
  id: DbInt;
  uuid: string;
  name: string;
  email: string;
  phone: string;
  phone_key: string;
  experience: DbDecimal;
  current_company: string | null;
  current_ctc: DbDecimal | null;
  expected_ctc: DbDecimal | null;
  notice_period: DbInt | null;
  current_location: string | null;
  preferred_location: string | null;
  resume_url: string | null;
  image_url: string | null;
  notes: string | null;
  version: DbInt;
  created_at: DbTime;
  updated_at: DbTime;
}

/**
 * The person's columns that each of their applications keeps a copy of (contracts `PERSON_FIELDS`, with
 * the phone's key that follows the phone): written to `people` and to every application together.
 */
export const MIRRORED_COLUMNS = [
  'name',
  'email',
  'phone',
  'phone_key',
  'experience',
  'current_company',
  'current_ctc',
  'expected_ctc',
  'notice_period',
  'current_location',
  'preferred_location',
  'image_url',
] as const;
export type MirroredColumn = (typeof MIRRORED_COLUMNS)[number];

/** A person's columns as a new application's form or row gives them (the latest resume beside them). */
export type PersonColumns = Pick<PersonRow, MirroredColumn | 'resume_url'> & {
  experience: number;
  current_ctc: number | null;
  expected_ctc: number | null;
  notice_period: number | null;
};

/** A person's profile: the fields of theirs every application shows (contracts PERSON_FIELDS), the photo aside. */
const PROFILE_FIELDS = PERSON_FIELDS.filter((f): f is Exclude<PersonField, 'image_url'> => f !== 'image_url');
type ProfileColumns = Pick<PersonRow, (typeof PROFILE_FIELDS)[number]>;

/** The profile decoded, one way for every answer that gives it (the person's page, a new application, the export). */
const profileOf = (row: ProfileColumns) => ({
  name: row.name,
  email: row.email,
  phone: row.phone,
  experience: decimal(row.experience),
  current_company: row.current_company,
  current_ctc: decimalOrNull(row.current_ctc),
  expected_ctc: decimalOrNull(row.expected_ctc),
  notice_period: intOrNull(row.notice_period),
  current_location: row.current_location,
  preferred_location: row.preferred_location,
});

/** A stored person's columns, as a new application of theirs copies them. */
export const toPersonColumns = (row: PersonRow): PersonColumns => ({
  ...profileOf(row),
  phone_key: row.phone_key,
  image_url: row.image_url,
  resume_url: row.resume_url,
});

/** An application of a person with its job's title (`applicationsOf`). */
export interface PersonApplicationRow {
  uuid: string;
  job_id: DbInt;
  job_title: string;
  status: string;
}

export const toPersonApplication = (row: PersonApplicationRow): PersonApplication => ({
  uuid: row.uuid,
  jobId: int(row.job_id),
  jobTitle: row.job_title,
  status: row.status,
});

/** A person as the talent pool lists them; their applications are read beside (`applicationsOfPeople`). */
export const toPersonListItem = (row: PersonRow, applications: PersonApplication[]): PersonListItem => ({
  id: int(row.id),
  name: row.name,
  email: row.email,
  phone: row.phone,
  experience: decimal(row.experience),
  current_company: row.current_company,
  expected_ctc: decimalOrNull(row.expected_ctc),
  notice_period: intOrNull(row.notice_period),
  current_location: row.current_location,
  updatedAt: isoTime(row.updated_at),
  applications,
});

/** The columns of `people` the export reads (`exportBatches`): the profile, and when they last changed. */
export const EXPORT_COLUMNS = ['id', ...PROFILE_FIELDS, 'updated_at'] as const;
export type PeopleExportColumns = ProfileColumns & Pick<PersonRow, 'id' | 'updated_at'>;

/** A person's application as the export reads it: whose, which job, its status. */
export interface PeopleExportApplicationRow {
  id: DbInt;
  person_id: DbInt;
  job_id: DbInt;
  status: string;
}

/** A person as a row of the export, with their applications (oldest first) and the jobs' titles. */
export const toPeopleExportRow = (
  row: PeopleExportColumns,
  applications: PeopleExportApplicationRow[],
  titles: ReadonlyMap<number, string>,
): PeopleExportRow => ({
  ...profileOf(row),
  applications: applications.map((a) => ({ jobTitle: titles.get(int(a.job_id)) ?? '', status: a.status })),
  updatedAt: isoTime(row.updated_at),
});

/** An application of one of several people (`applicationsOfPeople`). */
export interface PeopleApplicationRow extends PersonApplicationRow {
  person_id: DbInt;
}

/** A row of `person_changes`, with who made it: a candidate's change's shape, and decoder (`toCandidateChange`). */
export type PersonChangeRow = Omit<CandidateChangeRow, 'candidate_id'>;

/** A merge a person took part in, with who made it. */
export interface PersonMergeRow {
  id: DbInt;
  person_id: DbInt;
  other_id: DbInt;
  merged_at: DbTime;
  undone_at: DbTime | null;
  merged_by: string | null;
  /** The merge's record (JSON): both people's rows as they were. */
  record: string;
}

export const toPersonMerge = (row: PersonMergeRow): Person['merges'][number] => {
  const record = JSON.parse(row.record) as { kept: { name: string }; other: { name: string } };
  return {
    id: int(row.id),
    personId: int(row.person_id),
    otherId: int(row.other_id),
    personName: record.kept.name,
    otherName: record.other.name,
    mergedBy: row.merged_by,
    mergedAt: isoTime(row.merged_at),
    undoneAt: row.undone_at == null ? null : isoTime(row.undone_at),
  };
};

/** A person's page: their row decoded once, with their applications, merges and whether the reader may edit. */
export const toPerson = (
  row: PersonRow,
  applications: Candidate[],
  merges: Person['merges'],
  canEdit: boolean,
): Person => ({
  id: int(row.id),
  ...profileOf(row),
  resume_url: row.resume_url,
  image_url: row.image_url,
  notes: row.notes,
  version: int(row.version),
  createdAt: isoTime(row.created_at),
  updatedAt: isoTime(row.updated_at),
  canEdit,
  applications,
  merges,
});
