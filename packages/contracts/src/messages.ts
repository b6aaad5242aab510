/** User-facing texts of the spec, word for word. The web and the server both read them from here. */

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
  usernameTaken: 'This username is already taken',
  emailTaken: 'This email is already registered',
} as const;

export const GENERAL_MESSAGES = {
  notFoundPage: 'Sorry, this page is not available!',
  backToHome: 'Back to Home',
  apiNotFound: 'Route not found',
  internalError: 'Something went wrong on our side. Please try again.',
  notBuiltYet: 'This screen is not available yet. It arrives with a later release.',
} as const;

export const LOCATION_MESSAGES = {
  statesFailed: 'Failed to load states',
  districtsFailed: 'Failed to load districts',
  stateNotFound: 'State not found',
} as const;

export const JOB_MESSAGES = {
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
  candidatesComingSoon:
    "The candidates of this job will be listed here once candidate tracking is released. Until then, this job's applicants are not shown.",
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
  unknownEditors: 'One or more of the chosen users no longer exist',
  clientNameRequired: 'Client name is required',
  clientEmailRequired: 'Client email is required',
  clientLocationRequired: 'Client location is required',
  openingsMin: 'Number of openings must be at least 1',
  filterSalaryOrder: 'Minimum salary cannot be more than maximum salary',
  filterExperienceOrder: 'Minimum experience cannot be more than maximum experience',
} as const;
