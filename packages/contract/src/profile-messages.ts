// Messages of the profile page (spec §8 texts verbatim).

export const PROFILE_MESSAGES = {
  authRequired: 'Authentication required. Please log in.',
  loadFailed: 'Failed to load user data.',
  fetchFailed: 'Failed to fetch profile data.',
  updated: 'Profile updated successfully!',
  updateFailed: 'Failed to update profile.',
  currentPasswordRequired: 'Please enter your current password to set a new one',
  currentPasswordWrong: 'Current password is incorrect',
  emailTaken: 'That e-mail is already in use',
  currentPasswordForEmail: 'Please enter your current password to change your email',
  emailCodeSent: 'We sent a code to your new email. Enter it to start using that address.',
  emailChanged: 'Your email has been changed.',
  emailChangeCancelled: 'The email change was cancelled.',
  noPendingEmail: 'There is no email change waiting for a code.',
} as const;
