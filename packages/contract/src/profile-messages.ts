// Messages of the profile page (spec §8 texts verbatim).
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
