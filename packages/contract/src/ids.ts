// The id's limit, apart from the schemas (common.ts) so that code on a page's first load can check it without zod.

/** Opaque ids are at most this long (UUIDv7 on the server); a longer one is never found. */
export const ID_MAX_LENGTH = 64;
