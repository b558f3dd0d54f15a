// Data access for the trip links (D30): found by the SHA-256 of their token (a unique index), one per inquiry.
import type { DbOrTx } from '../db/database';

export function findTripLinkByHash(db: DbOrTx, tokenHash: string) {
  return db.selectFrom('trip_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function findTripLinkByInquiry(db: DbOrTx, inquiryId: string) {
  return db.selectFrom('trip_links').selectAll().where('inquiry_id', '=', inquiryId).executeTakeFirst();
}

/** A new link, or a new token for the inquiry's link (the old one stops working at once). */
export async function saveTripLink(db: DbOrTx, inquiryId: string, tokenHash: string, at: number): Promise<void> {
  await db
    .insertInto('trip_links')
    .values({ inquiry_id: inquiryId, token_hash: tokenHash, created_at: at, rotated_at: null, views: 0 })
    .onConflict((oc) => oc.column('inquiry_id').doUpdateSet({ token_hash: tokenHash, rotated_at: at }))
    .execute();
}

/** A link made only when the inquiry has none; false when it had one. */
export async function createTripLinkIfNone(db: DbOrTx, inquiryId: string, tokenHash: string, at: number) {
  const r = await db
    .insertInto('trip_links')
    .values({ inquiry_id: inquiryId, token_hash: tokenHash, created_at: at, rotated_at: null, views: 0 })
    .onConflict((oc) => oc.column('inquiry_id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function countTripView(db: DbOrTx, inquiryId: string, at: number): Promise<void> {
  await db
    .updateTable('trip_links')
    .set((eb) => ({ views: eb('views', '+', 1), last_viewed_at: at }))
    .where('inquiry_id', '=', inquiryId)
    .execute();
}
