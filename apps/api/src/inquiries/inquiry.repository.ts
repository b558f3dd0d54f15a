// Data access for inquiries, their events and counters: writes, single reads and the counters kept by migration
// 002's triggers. The list's page queries are in inquiry-page.repository.ts, its search queries in search/.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { InquirySort } from '@safarnama/contract';
import type { DbOrTx, InquiriesTable, InquiryEventsTable } from '../db/database';
import type { Engine } from '../db/dialect';
import { PG_SEARCH_COLUMN } from './search/search-schema';

export type InquiryRow = Selectable<InquiriesTable>;
export type NewInquiryRow = Insertable<InquiriesTable>;
export type InquiryChanges = Updateable<Omit<InquiriesTable, 'id' | 'created_at' | 'deleted_at' | 'deleted_by'>>;
export type InquiryEventRow = Selectable<InquiryEventsTable>;

/** D10 sort keys → columns; every one has an index with and without the status filter (migration 002). */
export const SORT_COLUMN = {
  customer: 'customer_name',
  email: 'customer_email',
  contact: 'customer_whatsapp',
  staff: 'staff_name',
  destination: 'location',
  status: 'status',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const satisfies Record<InquirySort, keyof InquiriesTable>;

/** Whose inquiries a list covers: the back office sees all; a Customer those linked to their account (D5). */
export type InquiryScope = { kind: 'all' } | { kind: 'customer'; userId: string };

// --- writes ---------------------------------------------------------------------------------------------

/**
 * Text stored NFC-normalised, so that the search text is too (SQLite's FTS5 indexes it as given) and a query
 * typed with a decomposed accent finds a name stored precomposed (search/search-text.ts normalises queries).
 */
function nfc<T extends object>(row: T): T {
  const out = { ...row } as Record<string, unknown>;
  for (const [k, v] of Object.entries(out)) if (typeof v === 'string') out[k] = v.normalize('NFC');
  return out as T;
}

export async function insertInquiry(db: DbOrTx, row: NewInquiryRow): Promise<void> {
  await db.insertInto('inquiries').values(nfc(row)).execute();
}

/** One multi-row INSERT (the seed batches rows to stay under the engines' parameter limits). */
export async function insertInquiryRows(db: DbOrTx, rows: readonly NewInquiryRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('inquiries').values(rows.map(nfc)).execute();
}

/** Columns the search keeps itself (PostgreSQL's search text, SQLite's FTS5 rowid): `SELECT *` reads them, nobody writes them. */
const SEARCH_KEPT_COLUMNS = [PG_SEARCH_COLUMN, 'seq'] as const;

/** What an edit writes of a row read with `SELECT *`: every column but its identity, creation, deletion and search. */
export function editableColumns(row: InquiryRow): InquiryChanges {
  const { id: _id, created_at: _created, deleted_at: _deleted, deleted_by: _by, ...kept } = row;
  const changes = kept as InquiryChanges & Record<string, unknown>;
  for (const column of SEARCH_KEPT_COLUMNS) delete changes[column];
  return changes;
}

export async function updateInquiryRow(db: DbOrTx, id: string, changes: InquiryChanges): Promise<void> {
  await db.updateTable('inquiries').set(nfc(changes)).where('id', '=', id).where('deleted_at', 'is', null).execute();
}

/** D9: marks the inquiry deleted (kept, with who and when); false when it was not there or already deleted. */
export async function softDeleteInquiry(db: DbOrTx, id: string, by: string, at: number): Promise<boolean> {
  const result = await db
    .updateTable('inquiries')
    .set({ deleted_at: at, deleted_by: by, updated_at: at })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertInquiryEvents(db: DbOrTx, events: readonly Insertable<InquiryEventsTable>[]) {
  if (events.length > 0)
    await db
      .insertInto('inquiry_events')
      .values(events as Insertable<InquiryEventsTable>[])
      .execute();
}

/**
 * D5: links the visible inquiries sent with `email` that no account has yet to `userId` (served by
 * inquiries_by_customer_email); linked ones keep their account. Answers how many it linked.
 */
export async function linkUnlinkedInquiries(db: DbOrTx, userId: string, email: string): Promise<number> {
  const result = await db
    .updateTable('inquiries')
    .set({ customer_user_id: userId })
    .where('customer_email', '=', email)
    .where('customer_user_id', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// --- single reads ---------------------------------------------------------------------------------------

/** A visible (not deleted) inquiry. */
export function findInquiryById(db: DbOrTx, id: string) {
  return db.selectFrom('inquiries').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Visible inquiries by id, in the order of `ids`. */
export async function findInquiriesByIds(db: DbOrTx, ids: readonly string[]): Promise<InquiryRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('inquiries')
    .selectAll()
    .where('id', 'in', ids as string[])
    .where('deleted_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is InquiryRow => r !== undefined);
}

/** The events of one inquiry, newest first (D26's timeline); `types` narrows them (a Customer sees status changes only). */
export function findInquiryEvents(db: DbOrTx, inquiryId: string, types?: readonly InquiryEventsTable['type'][]) {
  let q = db.selectFrom('inquiry_events').selectAll().where('inquiry_id', '=', inquiryId);
  if (types) q = q.where('type', 'in', types as InquiryEventsTable['type'][]);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Who sent an inquiry: the actor of its 'created' event; null for a visitor (or a row older than its events). */
export async function findInquirySender(db: DbOrTx, inquiryId: string): Promise<string | null> {
  const row = await db
    .selectFrom('inquiry_events')
    .select('actor_id')
    .where('inquiry_id', '=', inquiryId)
    .where('type', '=', 'created')
    .executeTakeFirst();
  return row?.actor_id ?? null;
}

// --- counters (kept by migration 002's triggers) --------------------------------------------------------

/** Visible inquiries per status, from the counters table. */
export async function findStatusCounts(db: DbOrTx): Promise<{ status: string; n: number }[]> {
  const rows = await db.selectFrom('inquiry_status_counts').select(['status', 'n']).where('n', '>', 0).execute();
  return rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

/** A Customer's inquiries per status (their own rows only, found by inquiries_customer_user). */
export async function findScopedStatusCounts(db: DbOrTx, scope: Extract<InquiryScope, { kind: 'customer' }>) {
  const rows = await sql<{ status: string; n: number | string }>`
    SELECT status, count(*) AS n FROM inquiries WHERE customer_user_id = ${scope.userId} AND deleted_at IS NULL
    GROUP BY status`.execute(db);
  return rows.rows.map((r) => ({ status: r.status, n: Number(r.n) }));
}

/** Visible inquiries created in a month ('YYYY-MM', Asia/Kolkata). */
export async function findMonthCount(db: DbOrTx, month: string): Promise<number> {
  const row = await db.selectFrom('inquiry_month_counts').select('n').where('month', '=', month).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The most recently updated visible inquiries (served by inquiries_by_updated_at). */
export function findLatestInquiriesQuery(db: DbOrTx, limit: number) {
  return db
    .selectFrom('inquiries')
    .selectAll()
    .where('deleted_at', 'is', null)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
}

export function findLatestInquiries(db: DbOrTx, limit: number) {
  return findLatestInquiriesQuery(db, limit).execute();
}

/**
 * The data versions (migration 033: `version` moves when what a kept list holds changes, `touched` with every
 * update) and the visible inquiries per status (as findStatusCounts), in one statement.
 */
export async function findListState(
  db: DbOrTx,
): Promise<{ version: number; touched: number; counts: { status: string; n: number }[] }> {
  type Row = { v: number | string; t: number | string; status: string | null; n: number | string | null };
  const rows = await sql<Row>`
    SELECT v.v AS v, v.touched AS t, c.status AS status, c.n AS n
    FROM inquiry_list_version v LEFT JOIN inquiry_status_counts c ON c.n > 0
    WHERE v.id = 1`.execute(db);
  return {
    version: Number(rows.rows[0]?.v ?? 0),
    touched: Number(rows.rows[0]?.t ?? 0),
    counts: rows.rows.flatMap((r) => (r.status === null ? [] : [{ status: r.status, n: Number(r.n) }])),
  };
}

/**
 * Tidies up after a bulk load: planner statistics, PostgreSQL's visibility map for index-only scans, and on
 * SQLite the FTS5 index merged into one segment (a load leaves many, and a search reads each term's doclist in
 * each of them).
 */
export async function analyzeInquiries(db: DbOrTx, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`VACUUM (ANALYZE) inquiries`.execute(db);
  } else {
    await sql`INSERT INTO inquiries_fts (inquiries_fts) VALUES ('optimize')`.execute(db);
    await sql`ANALYZE`.execute(db);
  }
}
