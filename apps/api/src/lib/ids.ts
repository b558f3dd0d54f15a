// Opaque, time-ordered ids (UUIDv7) for every row.
import { v7 } from 'uuid';

export const newId = (): string => v7();

/** Cheap shape check so malformed ids answer 404 without a query. */
export const isId = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);
