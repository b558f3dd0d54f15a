// Data access for the notification outbox (D25), unsubscribed addresses and the back office's mail preferences.
import { sql, type Insertable, type Selectable } from 'kysely';
import { BACK_OFFICE_ROLES } from '@safarnama/contract';
import type { DbOrTx, NotificationOutboxTable } from '../db/database';
import type { Engine } from '../db/dialect';

export type OutboxRow = Selectable<NotificationOutboxTable>;
export type NewOutboxRow = Insertable<NotificationOutboxTable>;

// --- writes in the causing transaction ------------------------------------------------------------------

/** Adds mails; a dedupe key already present is skipped (one mail per event). */
export async function insertOutboxRows(db: DbOrTx, rows: readonly NewOutboxRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notification_outbox')
    .values(rows as NewOutboxRow[])
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
}

/** Active, verified Owners and Staff with their new-inquiry choice (no preferences row: on). */
export function findNewInquiryRecipients(db: DbOrTx) {
  return db
    .selectFrom('users')
    .leftJoin('notification_preferences as p', 'p.user_id', 'users.id')
    .select(['users.id', 'users.email'])
    .where('users.role', 'in', BACK_OFFICE_ROLES)
    .where('users.disabled_at', 'is', null)
    .where('users.email_verified_at', 'is not', null)
    .where((eb) => eb.or([eb('p.new_inquiry', 'is', null), eb('p.new_inquiry', '=', 1)]))
    .orderBy('users.id')
    .execute();
}

/**
 * Who hears of a customer's answer on the trip link: the inquiry's handler when active and verified, else (an
 * unassigned inquiry, or its handler removed) the active, verified Owners.
 */
export async function findHandlerOrOwners(
  db: DbOrTx,
  staffId: string | null,
): Promise<{ id: string; email: string }[]> {
  const active = db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('disabled_at', 'is', null)
    .where('email_verified_at', 'is not', null);
  if (staffId) {
    const handler = await active.where('id', '=', staffId).where('role', 'in', BACK_OFFICE_ROLES).executeTakeFirst();
    if (handler) return [handler];
  }
  return active.where('role', '=', 'Owner').orderBy('id').execute();
}

export async function findPreferences(db: DbOrTx, userId: string) {
  return db.selectFrom('notification_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertPreferences(
  db: DbOrTx,
  row: { user_id: string; new_inquiry: number; assignment: number; updated_at: number },
): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet({ new_inquiry: row.new_inquiry, assignment: row.assignment, updated_at: row.updated_at }),
    )
    .execute();
}

export async function isUnsubscribed(db: DbOrTx, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('notification_unsubscribes')
    .select('email')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUnsubscribe(db: DbOrTx, email: string, at: number): Promise<void> {
  await db
    .insertInto('notification_unsubscribes')
    .values({ email: email.toLowerCase(), created_at: at })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
}

// --- the sender -------------------------------------------------------------------------------------------

/**
 * Claims up to `limit` due mails for `leaseId` until `leaseUntil`, counting the try. A row held by another
 * sender's live lease is not due; on PostgreSQL, rows another process is claiming right now are skipped
 * (FOR UPDATE SKIP LOCKED), and on SQLite the single writer makes the UPDATE atomic.
 */
export async function claimDueMails(
  db: DbOrTx,
  engine: Engine,
  claim: { leaseId: string; at: number; leaseUntil: number; limit: number },
): Promise<OutboxRow[]> {
  const lock = engine === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const result = await sql<OutboxRow>`
    UPDATE notification_outbox
    SET lease_id = ${claim.leaseId}, lease_until = ${claim.leaseUntil}, tries = tries + 1,
        last_attempt_at = ${claim.at}
    WHERE id IN (
      SELECT id FROM notification_outbox
      WHERE status = 'pending' AND next_attempt_at <= ${claim.at}
        AND (lease_until IS NULL OR lease_until < ${claim.at})
      ORDER BY next_attempt_at, id
      LIMIT ${claim.limit}
      ${lock})
    RETURNING *`.execute(db);
  return result.rows.map((r) => ({ ...r, tries: Number(r.tries) }));
}

/** Marks a claimed mail sent; false when the claim was lost (another sender took the row after our lease ran out). */
export async function markSent(db: DbOrTx, id: string, leaseId: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('notification_outbox')
    .set({ status: 'sent', sent_at: at, lease_id: null, lease_until: null, last_error: null })
    .where('id', '=', id)
    .where('lease_id', '=', leaseId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a failed try: back to pending at `nextAttemptAt`, or failed for good when it is null. */
export async function markAttemptFailed(
  db: DbOrTx,
  id: string,
  leaseId: string,
  error: string,
  nextAttemptAt: number | null,
): Promise<void> {
  await db
    .updateTable('notification_outbox')
    .set({
      status: nextAttemptAt === null ? 'failed' : 'pending',
      ...(nextAttemptAt === null ? {} : { next_attempt_at: nextAttemptAt }),
      last_error: error,
      lease_id: null,
      lease_until: null,
    })
    .where('id', '=', id)
    .where('lease_id', '=', leaseId)
    .where('status', '=', 'pending')
    .execute();
}

/** Whether the account at `email` has been disabled (D9) since a back-office mail to it was written. */
export async function isAccountDisabled(db: DbOrTx, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('disabled_at')
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined && row.disabled_at !== null;
}

/** The soonest moment a pending mail becomes due (for the sender's next wake-up), if any. */
export async function findNextDueAt(db: DbOrTx): Promise<number | undefined> {
  const row = await db
    .selectFrom('notification_outbox')
    .select((eb) => eb.fn.min('next_attempt_at').as('at'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.at === null || row?.at === undefined ? undefined : Number(row.at);
}

// --- the Owner's view -------------------------------------------------------------------------------------

export async function findOutboxPage(
  db: DbOrTx,
  query: { status?: OutboxRow['status']; limit: number; offset: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  let page = db.selectFrom('notification_outbox').selectAll();
  let count = db.selectFrom('notification_outbox').select((eb) => eb.fn.countAll().as('n'));
  if (query.status) {
    page = page.where('status', '=', query.status);
    count = count.where('status', '=', query.status);
  }
  const rows = await page
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const total = Number((await count.executeTakeFirst())?.n ?? 0);
  return { rows: rows.map((r) => ({ ...r, tries: Number(r.tries) })), total };
}

/** Mails given up on, or still retrying after an error, whose last try was at or after `since`. */
export async function countFailingSince(db: DbOrTx, since: number): Promise<number> {
  const row = await db
    .selectFrom('notification_outbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', 'in', ['pending', 'failed'])
    .where('last_error', 'is not', null)
    .where('last_attempt_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** A failed mail back to pending, due now, with a fresh count of tries; false when it was not failed. */
export async function requeueFailed(db: DbOrTx, id: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('notification_outbox')
    .set({ status: 'pending', tries: 0, next_attempt_at: at, lease_id: null, lease_until: null })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findOutboxRow(db: DbOrTx, id: string) {
  return db.selectFrom('notification_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}
