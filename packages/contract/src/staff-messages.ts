// Messages of staff accounts (spec §8 texts verbatim).

export const STAFF_MESSAGES = {
  fetchFailed: 'Failed to fetch staff members',
  added: 'Staff member added successfully',
  reEnabled: 'Staff member re-enabled',
  formerEmpty: 'No former staff',
  addFailed: 'Failed to add staff.',
  removed: 'Staff member removed successfully',
  removeFailed: 'Failed to remove staff member',
  empty: 'No Staff Members',
  notFound: 'Staff member not found',
  cannotRemoveOwner: 'The owner cannot be removed from staff',
  emailTaken: 'An account with this email already exists',
  confirmRemove: (name: string) => `Are you sure you want to remove ${name} from staff?`,
} as const;
