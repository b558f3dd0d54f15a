// What the quotation tests share: putting a sent version past its day, as its validUntil reads once that day is
// over in India (the server answers such a version as expired).
import type { Db } from '../db/database';

export async function expireSentVersions(db: Db, quoteId: string): Promise<void> {
  await db
    .updateTable('quote_versions')
    .set({ valid_until: '2020-01-01' })
    .where('quote_id', '=', quoteId)
    .where('status', '=', 'sent')
    .execute();
}
