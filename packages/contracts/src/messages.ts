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
