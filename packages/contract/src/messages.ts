// User-facing messages of every resource (spec §8 texts verbatim). Free of zod so the web's
// first-load bundle can import them without the schema library.

export const AUTH_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'A valid email is required',
  passwordRequired: 'Password is required',
  otpRequired: 'OTP is required',
  otpFormat: 'OTP must be 6 digits',
  emailTaken: 'An account with this email already exists. Please log in.',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Your email is not verified yet. Please enter the code we sent you, or request a new one.',
  accountDisabled: 'Invalid email or password',
  otpWrong: 'The code is incorrect. Please check it and try again.',
  otpExpired: 'This code has expired. Please request a new one.',
  otpUsedUp: 'Too many wrong attempts. Please request a new code.',
  otpNoPending: 'There is no pending verification for this email. Please register first.',
  otpVerified: 'Email verified successfully. You can now log in.',
  otpSent: 'A verification code has been sent to your email.',
  otpCooldown: 'Please wait a minute before requesting another code.',
  alreadyVerified: 'This email is already verified. Please log in.',
  mailFailed: 'We could not send the verification email. Please try again in a moment.',
  loggedOut: 'Logged out',
  authRequired: 'Authentication required. Please log in.',
  sessionExpired: 'Your session has expired. Please log in again.',
  forbidden: 'You do not have permission to do this.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  tooManyLogins: 'Too many failed login attempts. Please try again later.',
  // Spec §8: the web's fallbacks when the server gives no message, and the registration toast.
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  otpVerificationFailed: 'OTP verification failed',
  registrationSuccess: 'Registration successful, please Login to continue',
} as const;

export const STAFF_MESSAGES = {
  fetchFailed: 'Failed to fetch staff members',
  added: 'Staff member added successfully',
  addFailed: 'Failed to add staff.',
  removed: 'Staff member removed successfully',
  removeFailed: 'Failed to remove staff member',
  empty: 'No Staff Members',
  notFound: 'Staff member not found',
  cannotRemoveOwner: 'The owner cannot be removed from staff',
  emailTaken: 'An account with this email already exists',
  confirmRemove: (name: string) => `Are you sure you want to remove ${name} from staff?`,
} as const;

export const PROFILE_MESSAGES = {
  authRequired: 'Authentication required. Please log in.',
  loadFailed: 'Failed to load user data.',
  fetchFailed: 'Failed to fetch profile data.',
  updated: 'Profile updated successfully!',
  updateFailed: 'Failed to update profile.',
  currentPasswordRequired: 'Please enter your current password to set a new one',
  currentPasswordWrong: 'Current password is incorrect',
  emailTaken: 'This email is already used by another account',
} as const;

export const PACKAGE_MESSAGES = {
  fetchFailed: 'Failed to fetch packages',
  fetchFailedInline: 'Failed to fetch packages. Please try again.',
  addFailed: 'Failed to add package',
  added: 'Package added successfully!',
  deleted: 'Package deleted successfully',
  deleteFailed: 'Failed to delete package',
  detailsFailed: 'Failed to fetch package details',
  updated: 'Package updated successfully!',
  updateFailed: 'Failed to update package',
  confirmDelete: 'Are you sure you want to delete this package?',
  notFound: 'Package not found',
  empty: 'No packages available at the moment.',
  noMatches: 'No packages match your search.',
  imageNotAvailable: 'Image Not Available',
  notSpecified: 'Not specified',
  keepUnknownImage: 'An image to keep does not belong to this package',
  atLeastOneImage: 'Please select at least one image',
  tooManyImages: 'A package can have at most 20 images',
} as const;

export const BACKGROUND_MESSAGES = {
  fetchFailed: 'Failed to fetch background images',
  uploaded: 'Background images uploaded successfully',
  uploadFailed: 'Failed to upload images',
  deleted: 'Image deleted successfully',
  deleteFailed: 'Failed to delete image',
  selectAtLeastOne: 'Please select at least one image',
  notFound: 'Image not found',
  /** Not in the spec: asked before a delete (docs/ARCHITECTURE.md, "Departures from the spec"). */
  confirmDelete: 'Delete this background image? It will no longer appear on the home page.',
} as const;

/** Texts of the site's frame (spec §2). */
export const SITE_MESSAGES = {
  notFound: '404 - Page Not Found',
} as const;

export const DASHBOARD_MESSAGES = {
  fetchFailed: 'Failed to fetch dashboard data',
  dataFailed: 'Failed to fetch data',
  wrongRole: 'You do not have access to that page.',
} as const;

export const DASHBOARD_LIMIT = 10;
/** "Created this month" is counted in the agency's time zone. */
export const AGENCY_TIME_ZONE = 'Asia/Kolkata';
