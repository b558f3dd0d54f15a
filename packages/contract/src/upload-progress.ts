// What the back office's upload forms show while photos go up (apart from uploads.ts, which the public
// pages' first load carries).

/**
 * The web shrinks photos whose longest side is larger than this before sending them (a phone's 4000 px
 * photo is several megabytes the server would shrink anyway); the server's checks stay the same.
 */
export const UPLOAD_MAX_SIDE_PX = 2400;

export const UPLOAD_PROGRESS_MESSAGES = {
  preparing: 'Preparing photos…',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  processing: 'Saving on the server…',
  cancelled: 'Upload cancelled',
} as const;
