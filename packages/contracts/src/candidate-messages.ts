/**
 * The candidate screens' texts (docs/requirements, word for word), apart from the other messages: the public
 * pages' first download holds messages.ts (the sign-in and page-not-found texts) but no candidate screen.
 */

/** Candidates: the product's words. */
export const CANDIDATE_MESSAGES = {
  jobsLoadFailed: 'Failed to load jobs',
  statesFailed: 'Failed to load states',
  districtsFailed: 'Failed to load districts',
  loadFailed: 'Failed to load candidates',
  usersLoadFailed: 'Failed to load users',
  detailsFailed: 'Failed to load candidate details',
  jobDetailsFailed: 'Failed to load job details',
  statusFailed: 'Failed to update status',
  rejectionUpdateFailed: 'Failed to update rejection details',
  rejectFailed: 'Failed to reject candidate, please ask admin to reject candidate',
  bulkFailed: 'Failed to upload candidates',
  processFailed: 'Failed to process candidates. Please try again.',
  zipFailed: 'Failed to process some resumes from zip file',
  resumeUploadFailed: 'Failed to upload resume',
  resumeAttachFailed: 'Failed to update resume URL',
  resumeError: 'Error uploading resume',
  noMatchingResume: 'No matching resume found',
  duplicate: 'Candidate already exists',
  saveFailed: 'Failed to save candidate',
  updateFailed: 'Failed to update candidate',
  deleteFailed: 'Failed to delete candidate',
  excelFailed: 'Failed to generate Excel file',
  templateFailed: 'Failed to download template',
  templateError: 'Error downloading template',
  imageFailed: 'Failed to upload image',
  invalidResumeUrl: 'Invalid resume URL',
  notFound: 'Candidate not found',
  backToCandidates: 'Back to Candidates',
  noEditPermission: "You don't have permission to edit this candidate",
  noDeletePermission: "You don't have permission to delete this candidate",
  noStatusPermission: "You don't have permission to change this candidate's status",
  // Validation.
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone is required',
  phoneInvalid: 'Please enter a valid phone number',
  experienceRequired: 'Experience is required',
  experienceMin: 'Experience cannot be negative',
  noticePeriodMin: 'Notice period cannot be negative',
  noticePeriodWhole: 'Notice period must be a whole number of days',
  jobRequired: 'Please select a job position',
  unknownJob: 'The chosen job no longer exists',
  answerRequired: 'Please answer every question of the job',
  resumeType: 'Please upload only PDF or Word documents',
  resumeTooLarge: 'File size must be less than 5MB',
  publicResumeTooLarge: 'File size must be less than 10MB',
  resumeSelected: 'Resume selected successfully',
  referredByOnlyForReferral: 'Referred By applies only when the source is Referral',
  bothFilesRequired: 'Please upload both Excel and ZIP files',
  excelOnly: 'Please upload only Excel files (.xlsx, .xls)',
  zipOnly: 'Please upload only ZIP files',
  noData: 'No data found in the Excel file',
  noValidCandidates: 'No valid candidates found in the file',
  zipTooLarge: 'The ZIP file is too large once unpacked. Please split it into smaller files.',
  zipUnsafePath: 'The ZIP file holds an entry outside its own folder and was not read',
  excelOldFormat:
    'This is an old .xls workbook, which cannot be read here: open it in Excel, save it as .xlsx (Excel Workbook) and upload it again',
  excelTooSlow: 'The Excel file took too long to read. Please split it into smaller files.',
  excelUnreadable: 'The Excel file could not be read: please check that it is a .xlsx workbook',
  excelTooLarge: (maxMb: number) => `The Excel file is too large (at most ${maxMb} MB)`,
  zipFileTooLarge: (maxMb: number) => `The ZIP file is too large (at most ${maxMb} MB)`,
  tooManyRows: (max: string) =>
    `The sheet holds more than ${max} candidates: please split it into smaller files`,
  zipTooManyEntries: 'The ZIP file holds too many files. Please split it into smaller files.',
  rejectionReasonRequired: 'Please select a rejection reason',
  rejectionStageRequired: 'Please select the rejection stage',
  rejectionCommentsRequired: 'Please add comments',
  alreadyRejected: 'This candidate has been rejected: the status can no longer change',
  useRejectDialog: 'Rejecting needs a reason, a stage and comments',
  noShortlisted: 'No shortlisted candidates to share',
  staleStatus: (by: string | null, status: string) =>
    `${by ?? 'Someone else'} changed this candidate's status to ${status} after you loaded it. The new status is shown; try again if you still want to change it.`,
  staleEdit: (by: string | null) =>
    `This candidate was changed by ${by ?? 'someone else'} after you opened it. Your changes were not saved: reload to see the new version.`,
  /** A save made from an older version: who changed which fields since ("Priya Sharma changed Phone and Notes"). */
  staleFields: (changed: string) =>
    `${changed} after you opened this candidate. Your changes were not saved.`,
  /** A person's edit made from an older version (the talent pool's person page). */
  personStale: (changed: string | null) =>
    changed
      ? `${changed} after you opened this person. Your changes were not saved.`
      : 'This person was changed by someone else after you opened them. Your changes were not saved: reload to see the new version.',
  /** The form, after merging: nothing both people changed. */
  mergedKept: (changed: string) =>
    `${changed} after you opened this candidate. Their changes are now in the form and yours are kept: press Update Candidate to save them.`,
  /** The form, after merging: fields both people changed need a choice. */
  mergedChoose: (changed: string, fields: string) =>
    `${changed} after you opened this candidate. You both changed ${fields}: choose which value to keep, then press Update Candidate.`,
  chooseFirst: (fields: string) => `Choose which value to keep for ${fields} before saving`,
  keepMine: 'Keep mine',
  useTheirs: 'Use theirs',
  emptyValue: '(empty)',
  filterExperienceOrder: 'Minimum experience cannot be more than maximum experience',
  filterSalaryOrder: 'Minimum salary cannot be more than maximum salary',
  filterDateOrder: 'The start date cannot be after the end date',
  // Success.
  added: 'Candidate added successfully',
  updated: 'Candidate updated successfully',
  statusUpdated: (status: string) => `Status updated to ${status}`,
  rejected: 'Candidate rejected successfully',
  deleted: 'Candidate deleted successfully',
  shared: (n: number) => `Successfully shared ${n} shortlisted candidates`,
  /** No mail server is set up: the share is recorded and its mail waits in the outbox. */
  sharedQueued: (n: number) =>
    `${n} shortlisted ${n === 1 ? 'candidate' : 'candidates'} marked shared, but the mail to the client was queued: mail is not set up`,
  sharesLoadFailed: 'Could not load what was sent to the client',
  shareNoneChosen: 'Choose at least one candidate to send',
  /** Said in the share dialog before a candidate goes to the same client a second time. */
  shareAgain: (names: string[]) =>
    `${names.join(', ')} ${names.length === 1 ? 'was' : 'were'} already sent to this client and will receive it again.`,
  bulkDone: 'Bulk upload completed successfully',
  bulkSummary: (ok: number, duplicates: number, errors: number) =>
    `${ok} added, ${duplicates} duplicates, ${errors} errors`,
  templateDownloaded: 'Template downloaded successfully',
  excelDownloaded: 'Excel file downloaded successfully',
  uploaded: (what: 'Resume' | 'Image') => `${what} uploaded successfully`,
  noCandidates: 'No candidates found',
  adjustFilters: 'Try adjusting your search or filter criteria',
  // Duplicates (one rule: same e-mail, same phone, or same name and phone).
  duplicateEmail: 'A candidate with this email already exists',
  duplicatePhone: 'A candidate with this phone number already exists',
  duplicateInFile: 'Duplicate of an earlier row in this file',
  /** A person has at most one application per job. */
  alreadyInJob: (name: string, job: string) => `${name} is already in the pipeline of ${job}`,
  personNotFound: 'Person not found',
  mergeSelf: 'A person cannot be merged with themselves',
  mergeNotFound: 'Merge not found',
  mergeUndone: 'This merge has been undone already',
  mergeUndoBlocked:
    'This merge can no longer be undone: one of the moved applications has changed job or was deleted since',
  merged: (kept: string, moved: number, apart: number) =>
    apart > 0
      ? `Merged into ${kept}: ${moved} application(s) moved; ${apart} kept apart, because both were in the same job`
      : `Merged into ${kept}: ${moved} application(s) moved`,
  mergeUndoneDone: 'The merge was undone: both people and their applications are back',
  /** A bulk row of a person already on file, for a job they were not in. */
  addedToExistingPerson: 'Added to an existing person',
  // A bulk row names its job by id or by exact title.
  /** A bulk row's Job_ID that names no job: typed by hand, it may never have existed, so not "no longer exists". */
  jobIdUnknown: (id: number) =>
    `Job ID ${id} does not exist: write the ID of an existing job or its exact title`,
  jobTitleUnknown: (title: string) => `No job is titled "${title}": write the job's ID or its exact title`,
  jobTitleAmbiguous: (title: string, ids: number[]) =>
    `Several jobs are titled "${title}" (IDs ${ids.join(', ')}): write the job's ID instead`,
} as const;
