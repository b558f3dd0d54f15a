// Data access for quotations (D30): quotes and their versions. Status changes are guarded UPDATEs, so a race
// between two requests has one winner (and migration 011's partial unique indexes back them up).
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { DbOrTx, QuoteVersionsTable, QuotesTable } from '../db/database';

export type QuoteRow = Selectable<QuotesTable>;
export type QuoteVersionRow = Selectable<QuoteVersionsTable>;
export type NewQuoteVersionRow = Insertable<QuoteVersionsTable>;
export type QuoteVersionChanges = Updateable<Omit<QuoteVersionsTable, 'id' | 'quote_id' | 'number' | 'status'>>;

export function findQuoteByInquiry(db: DbOrTx, inquiryId: string) {
  return db.selectFrom('quotes').selectAll().where('inquiry_id', '=', inquiryId).executeTakeFirst();
}

export function findQuoteById(db: DbOrTx, id: string) {
  return db.selectFrom('quotes').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertQuote(db: DbOrTx, row: QuoteRow): Promise<void> {
  await db.insertInto('quotes').values(row).execute();
}

/** A quote's versions, newest first. */
export function findVersions(db: DbOrTx, quoteId: string) {
  return db
    .selectFrom('quote_versions')
    .selectAll()
    .where('quote_id', '=', quoteId)
    .orderBy('number', 'desc')
    .execute();
}

export async function insertVersion(db: DbOrTx, row: NewQuoteVersionRow): Promise<void> {
  await db.insertInto('quote_versions').values(row).execute();
}

/** Changes a draft; false when it is no longer one. */
export async function updateDraft(db: DbOrTx, id: string, changes: QuoteVersionChanges): Promise<boolean> {
  const r = await db
    .updateTable('quote_versions')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The sent version of a quote becomes superseded; false when there was none still sent. */
export async function supersedeSent(db: DbOrTx, versionId: string, at: number): Promise<boolean> {
  const r = await db
    .updateTable('quote_versions')
    .set({ status: 'superseded', updated_at: at })
    .where('id', '=', versionId)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markSent(db: DbOrTx, id: string, at: number, by: { id: string; name: string }) {
  const r = await db
    .updateTable('quote_versions')
    .set({ status: 'sent', sent_at: at, sent_by_id: by.id, sent_by_name: by.name, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Accepts a sent version; false when it is no longer the sent one (superseded meanwhile, or accepted already). */
export async function markAccepted(
  db: DbOrTx,
  id: string,
  fields: { at: number; name: string; ip: string; userAgent: string },
): Promise<boolean> {
  const r = await db
    .updateTable('quote_versions')
    .set({
      status: 'accepted',
      accepted_at: fields.at,
      accepted_name: fields.name,
      accepted_ip: fields.ip,
      accepted_user_agent: fields.userAgent,
      updated_at: fields.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The trip link showed this version once more (migration 012). */
export async function countVersionView(db: DbOrTx, id: string, at: number): Promise<void> {
  await db
    .updateTable('quote_versions')
    .set((eb) => ({ views: eb('views', '+', 1), last_viewed_at: at }))
    .where('id', '=', id)
    .execute();
}
