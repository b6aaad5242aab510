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
  notBuiltYet: 'This screen is not available yet. It arrives with a later release.',
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
  currentWrong: 'Current password is incorrect',
  tooManyAttempts: 'Too many password attempts. Please wait a minute and try again.',
} as const;

export const UPLOAD_MESSAGES = {
  photoFailed: 'Failed to upload photo',
  notAnImage: 'Please upload an image file',
  photoTooLarge: 'File size must be less than 2MB',
  photoFormat: 'Only JPG and PNG images are supported',
  noFile: 'Please choose a file to upload',
  notMultipart: 'Send the file as multipart/form-data',
  fileNotFound: 'File not found',
} as const;
