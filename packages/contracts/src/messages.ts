/** User-facing texts of the requirements (docs/requirements), word for word. The web and the server both read them from here. */

/** "45 seconds", "1 minute", "12 minutes". */
function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export const AUTH_MESSAGES = {
  invalidCredentials: 'Invalid username or password',
  usernamePasswordRequired: 'Username and password are required',
  loginFailed: 'Login failed',
  noUserData: 'No user data received',
  invalidRole: 'Invalid user role',
  roleNotFound: 'Role information not found in response',
  sessionExpired: 'Session expired. Please login again.',
  signingIn: 'Signing in...',
  welcomeBack: 'Welcome back! Please login to continue.',
  notSignedIn: 'Please sign in to continue',
  forbidden: "You don't have permission to do this",
  accountInactive: 'This account is inactive. Please contact your administrator.',
  /** Too many failed sign-ins for one account, wherever they came from (OWASP ASVS 2.2.1). */
  accountThrottled: (seconds: number) =>
    `Too many failed sign-in attempts for this account. Please try again in ${formatWait(seconds)}.`,
  /** A write that carries the session cookie but comes from another site's page. */
  crossSiteRefused: 'This request did not come from the portal itself and was refused.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a minute and try again.',
  loggedOut: 'Logged out successfully',
} as const;

export const SKILL_MESSAGES = {
  fetchFailed: 'Failed to fetch skills',
  createFailed: 'Failed to create skill',
  deleteFailed: 'Failed to delete skill',
  saveFailed: 'Failed to save skill',
  detailsFailed: 'Failed to fetch skill details',
  updateFailed: 'Failed to update skill',
  created: 'Skill created successfully',
  updated: 'Skill updated successfully',
  deleted: 'Skill deleted successfully',
  confirmDelete: 'Are you sure you want to delete this skill? This action cannot be undone.',
  notFound: 'Skill not found',
  nameTaken: 'A skill with this name already exists',
  nameRequired: 'Name is required',
  inUse: 'This skill is used by jobs and cannot be deleted. Set it to inactive instead.',
} as const;

export const USER_MESSAGES = {
  fetchFailed: 'Failed to fetch users',
  createFailed: 'Failed to create user',
  created: 'User created successfully!',
  notFound: 'User not found',
  /** A value that is neither a row id nor a user id, in the words of the field that holds it. */
  refInvalid: (field: string) => `${field} must be a user id such as USR1234, or its number`,
  usernameTaken: 'This username is already taken',
  emailTaken: 'This email is already registered',
  fetchDetailsFailed: 'Failed to fetch user details',
  updateFailed: 'Failed to update user',
  updated: 'User updated successfully',
  deleteFailed: 'Failed to delete user',
  deleted: 'User deleted successfully',
  confirmDelete: 'Are you sure you want to delete this user? Their history keeps their name.',
  creating: 'Creating user...',
  saving: 'Saving...',
  activePurchases: 'Cannot delete user with active purchases. Please close or reassign all purchases first.',
  takenByDeletedUser: 'This username or email belongs to a deleted user and cannot be reused',
  idsExhausted: 'No user ids are left: USR1000 to USR9999 are all taken',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  cannotChangeOwnRole: 'You cannot change your own role',
  lastActiveAdmin: 'This is the last active admin: make another admin active first',
  onlyAdminMayChange: 'Only an admin can change this field',
  onlyOwnProfile: 'You can only view and change your own profile',
  panHint: 'PAN number must be in the format: ABCDE1234F (5 letters, 4 numbers, 1 letter)',
  mobileDigits: 'Mobile number must be exactly 10 digits',
  altMobileDigits: 'Alternative mobile number must be exactly 10 digits',
  aadharDigits: 'Aadhar number must be exactly 12 digits',
  usernameCharacters: 'Username may contain only letters, numbers, dots, dashes and underscores',
  invalidEmail: 'Please enter a valid email address',
  photoNotUploaded: 'The photo was not found on the server: please upload it again',
  photoRemoved: 'Photo removed',
} as const;

export const GENERAL_MESSAGES = {
  notFoundPage: 'Sorry, this page is not available!',
  backToHome: 'Back to Home',
  apiNotFound: 'Route not found',
  internalError: 'Something went wrong on our side. Please try again.',
  /** The database (or Redis) cannot be reached for a moment. */
  unavailable: 'The service is briefly unavailable. Please try again in a few seconds.',
  /** The disk that holds uploads is (nearly) full: below MIN_FREE_DISK_MB, or a write found no space. */
  storageFull: 'The server is short of storage space, so nothing was saved. Please try again later.',
  /** A text field holding control characters or direction overrides. */
  unsafeText: (field: string) => `${field} contains characters that are not allowed`,
  notBuiltYet: 'This screen is not available yet. It arrives with a later release.',
  /** Above a form whose fields were refused, each with its own message. */
  fixFields: 'Please correct the highlighted fields.',
  /** The browser could not read a file the person chose. */
  fileUnreadable: 'The file could not be read',
} as const;

export const PASSWORD_MESSAGES = {
  updated: 'Password updated successfully',
  updateFailed: 'Failed to update password',
  mismatch: 'New passwords do not match',
  /** The admin's change-password dialog on the edit-user screen. */
  newTooShort: 'New password must be at least 6 characters long',
  /** The signed-in user's own change-password screen (and the add-user form). */
  tooShort: 'Password must be at least 6 characters long',
  currentRequired: 'Current password is required',
  newRequired: 'New password is required',
  confirmRequired: 'Please confirm the new password',
  currentWrong: 'Current password is incorrect',
  tooManyAttempts: 'Too many password attempts. Please wait a minute and try again.',
  blank: 'Password cannot be only spaces',
} as const;

export const UPLOAD_MESSAGES = {
  photoFailed: 'Failed to upload photo',
  notAnImage: 'Please upload an image file',
  photoTooLarge: 'File size must be less than 2MB',
  photoFormat: 'Only JPG and PNG images are supported',
  noFile: 'Please choose a file to upload',
  notMultipart: 'Send the file as multipart/form-data',
  /** The per-user upload allowance (files and bytes per hour) is used up. */
  quotaReached: 'You have uploaded too many files in the last hour. Please try again later.',
  fileNotFound: 'File not found',
} as const;

export const LOCATION_MESSAGES = {
  statesFailed: 'Failed to load states',
  districtsFailed: 'Failed to load districts',
  stateNotFound: 'State not found',
} as const;

export const JOB_MESSAGES = {
  /** Someone saved the job after this edit began: nothing was written, the form keeps what was typed. */
  staleEdit: (by: string | null) =>
    `This job was changed by ${by ?? 'someone else'} after you opened it. Your changes were not saved: load the new version or save yours over it.`,
  fetchFailed: 'Failed to fetch jobs',
  fetchOneFailed: 'Failed to fetch job',
  createFailed: 'Failed to create job',
  updateFailed: 'Failed to update job',
  deleteFailed: 'Failed to delete job',
  statusFailed: 'Failed to update job status',
  saveFailed: 'Failed to save job',
  noDeletePermission: "You don't have permission to delete this job",
  noEditPermission: "You don't have permission to edit this job",
  noStatusPermission: "You don't have permission to change this job's status",
  detailsFailed: 'Failed to load job details',
  loadFailed: 'Failed to load jobs',
  skillsLoadFailed: 'Failed to load skills',
  usersLoadFailed: 'Failed to load users',
  excelFailed: 'Failed to generate Excel file',
  candidatesLoadFailed: 'Failed to load candidates',
  created: 'Job created successfully',
  updated: 'Job updated successfully',
  statusUpdated: (status: string) => `Job status updated to ${status}`,
  deleted: 'Job deleted successfully',
  loaded: 'Jobs loaded successfully',
  excelDownloaded: 'Excel file downloaded successfully',
  notFound: 'Job not found',
  hasCandidates: (count: number) =>
    `This job has ${count} ${count === 1 ? 'candidate' : 'candidates'} and cannot be deleted. Archive it instead to keep their records.`,
  deadlineNotSpecified: 'Not specified',
  invalidDate: 'Invalid date',
  /**
   * Under the tabs of a list without an Expired tab (the employee's): All Jobs counts the jobs past their
   * deadline too, so it is more than the other tabs add up to, and says by how many and why.
   */
  expiredInAllOnly: (n: number) =>
    `All Jobs includes ${n} expired ${n === 1 ? 'job' : 'jobs'} (past the application deadline), which no other tab shows.`,
  showExpired: 'Show expired jobs',
  // Validation (the server says the same as the forms).
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  stateRequired: 'Please select a state',
  unknownState: 'Please select a valid state',
  cityRequired: 'Please select a city',
  unknownCity: 'Please select a city of the chosen state',
  minSalaryRequired: 'Minimum salary is required',
  maxSalaryRequired: 'Maximum salary is required',
  salaryOrder: 'Maximum salary must be greater than or equal to minimum salary',
  experienceOrder: 'Minimum experience cannot be more than maximum experience',
  deadlineRequired: 'Application deadline is required',
  deadlinePast: 'Deadline cannot be in the past',
  activePastDeadline: "This job's deadline has passed. Change the deadline to make it active again.",
  roundsRequired: 'Please select at least one interview round',
  skillsRequired: 'Please select at least one skill',
  unknownSkills: 'One or more of the chosen skills no longer exist',
  unknownSkillNames: (names: string[]) =>
    `These skills are not in the skills catalogue: ${names.join(', ')}. Add them there first.`,
  unknownEditors: 'One or more of the chosen users no longer exist',
  clientNameRequired: 'Client name is required',
  clientEmailRequired: 'Client email is required',
  clientEmailInvalid: 'Please enter a valid email address',
  clientLocationRequired: 'Client location is required',
  openingsMin: 'Number of openings must be at least 1',
  fixFields: GENERAL_MESSAGES.fixFields,
  filterSalaryOrder: 'Minimum salary cannot be more than maximum salary',
  filterExperienceOrder: 'Minimum experience cannot be more than maximum experience',
} as const;

/** The live connection: why a socket was refused, and what the indicator says. */
export const REALTIME_MESSAGES = {
  notSignedIn: 'Please sign in to receive live updates',
  sessionExpired: 'Session expired. Please login again.',
  unavailable: 'Live updates are briefly unavailable',
  offline: 'Live updates paused: reconnecting…',
  /** The server closed the connection because the session ended: nothing to reconnect to. */
  signedOut:
    'You were signed out: your password was changed, your account was deactivated, or this session was signed out elsewhere.',
  signInAgain: 'Sign in again',
  online: 'Live updates are back',
} as const;

/** The contact page. */
export const CONTACT_MESSAGES = {
  sentTitle: 'Message Sent Successfully!',
  sentText: "Thank you for contacting us. We'll get back to you shortly.",
  failedTitle: 'Error Sending Message',
  failedText: 'Failed to send message. Please try again.',
  nameRequired: 'Name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  emailInvalid: 'Please enter a valid email address',
  messageRequired: 'Message is required',
  tooMany: 'Too many messages from your network in a short time. Please try again in a few minutes.',
  /** The hour's ceiling for messages from all addresses together is reached (CONTACT_MESSAGES_PER_HOUR). */
  busy: 'We have received an unusual number of messages in the last hour, so yours was not sent. Please try again later.',
  /** Project Documents. */
  downloadFailed: 'Error downloading file. Please make sure the file exists and try again.',
} as const;

/** The public careers pages. */
export const PUBLIC_MESSAGES = {
  jobNotFound: 'Job not found',
  noJobs: 'No jobs found matching your search criteria',
  openings: 'Current Job Openings',
  applied: 'Application submitted successfully',
  applyFailed: 'Failed to submit application',
  resumeRequired: 'Please attach your resume',
  /** The application form's part with the job's screening questions. */
  questionsHeading: 'Questions from the recruiter',
  questionsHint: 'Optional, but your answers help the recruiter read your application.',
  /** The answers could not be read, or answer a question this job does not ask (it changed since the page loaded). */
  answersOutdated:
    "This job's questions have changed since the page was opened. Please reload the page and answer them again.",
  fullNameRequired: 'Full name is required',
  resumeHint: 'PDF, DOC up to 10MB',
  tooManyApplications:
    'Too many applications from your network in a short time. Please try again in a few minutes.',
  /** The hour's ceiling for applications from all addresses together is reached (APPLICATIONS_PER_HOUR). */
  applicationsBusy:
    'We have received an unusual number of applications in the last hour, so yours was not sent. Please try again later.',
} as const;

/**
 * The e-mails an application sends to the address it gave, after the page has said only "submitted". The
 * page says the same to everyone, so that nobody learns from it whether a person is on file; what really
 * happened is told here, to the mailbox of the address, which only its owner reads. They name the job and
 * the reference and nothing the form's sender typed (the name is not theirs to put in someone's mailbox).
 */
export const APPLICATION_MAILS = {
  subject: (job: string) => `Your application for ${job}`,
  /** A new applicant, or an address the firm does not hold (the application is with the recruiters). */
  received: (job: string, reference: string) =>
    [
      'Hello,',
      `Thank you for applying for ${job}. Your application is with our recruiters, who will be in touch about the next steps.`,
      `Your reference: ${reference}`,
      'If you did not apply, you can ignore this e-mail.',
    ].join('\n\n'),
  /** The address belongs to a profile the firm already holds, applying for another job. */
  addedToProfile: (job: string, reference: string) =>
    [
      'Hello,',
      `Thank you for applying for ${job}. We already hold a profile for you, so we have added this application to it; the details we hold were not changed. Our recruiters will be in touch about the next steps.`,
      `Your reference: ${reference}`,
      'If you did not apply, please tell us by replying to this e-mail.',
    ].join('\n\n'),
  /** The address belongs to a profile the firm holds for this very job. */
  appliedAgain: (job: string, reference: string) =>
    [
      'Hello,',
      `You had already applied for ${job}, and your first application stands. We have kept this one with it for our recruiters; the details we hold were not changed.`,
      `Your reference: ${reference}`,
      'If you did not apply, please tell us by replying to this e-mail.',
    ].join('\n\n'),
} as const;

/** The dashboards and their screens' words. */
export const DASHBOARD_MESSAGES = {
  recruitmentFailed: 'Failed to fetch recruitment dashboard statistics',
  employeeFailed: 'Failed to fetch dashboard data',
  activeJobs: 'Active Jobs',
  totalCandidates: 'Total Candidates',
  peopleInPool: 'People in the talent pool',
  selectedCandidates: 'Selected Candidates',
  rejectedCandidates: 'Rejected Candidates',
  statusChart: 'Candidate Status Distribution',
  sourceChart: 'Candidate Sources',
  recentActivities: 'Recent Activities',
  noActivity: 'No recent activity',
  openPositions: 'Open Positions',
  candidateStats: 'Candidate Stats',
  successRate: 'Success Rate',
  newCandidate: (name: string, job: string) => `${name} applied for ${job}`,
  statusChange: (name: string, from: string, to: string) => `${name} moved from ${from} to ${to}`,
} as const;

/** Live collaboration on screens: what a screen says when someone else changed what it shows. */
export const LIVE_MESSAGES = {
  changedBy: (who: string) => `This candidate was changed by ${who}`,
  changedBySomeone: 'This candidate was changed by someone else',
  loadNewVersion: 'Load the new version',
  viewing: 'Also viewing',
} as const;
