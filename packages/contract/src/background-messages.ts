// Messages of the home page's background images (spec §8 texts verbatim).
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
