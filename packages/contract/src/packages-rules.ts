// Messages of tour packages (spec §8 texts verbatim), zod-free for the first load of /packages and of a
// package's page (packages.ts holds the schemas).

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
