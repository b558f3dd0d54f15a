// D31's tables: instalments, the payments ledger and the reminders sent. The only place payments touch Kysely.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { DbOrTx, InstalmentsTable, PaymentsTable } from '../db/database';

export type InstalmentRow = Selectable<InstalmentsTable>;
export type PaymentRow = Selectable<PaymentsTable>;

export function findInstalments(db: DbOrTx, inquiryId: string): Promise<InstalmentRow[]> {
  return db.selectFrom('instalments').selectAll().where('inquiry_id', '=', inquiryId).orderBy('position').execute();
}

export async function insertInstalments(db: DbOrTx, rows: readonly Insertable<InstalmentsTable>[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('instalments')
      .values([...rows])
      .execute();
}

export async function updateInstalment(
  db: DbOrTx,
  id: string,
  changes: { amount_paise: number; due_date: string; updated_at: number },
): Promise<void> {
  await db.updateTable('instalments').set(changes).where('id', '=', id).execute();
}

export async function deleteInstalments(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length > 0)
    await db
      .deleteFrom('instalments')
      .where('id', 'in', [...ids])
      .execute();
}

/** The ledger of an inquiry, oldest first. */
export function findPayments(db: DbOrTx, inquiryId: string): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('inquiry_id', '=', inquiryId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findPaymentById(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether an entry that is not reversed has this reference. */
export async function isReferenceUsed(db: DbOrTx, reference: string): Promise<boolean> {
  const row = await db.selectFrom('payments').select('id').where('live_reference', '=', reference).executeTakeFirst();
  return row !== undefined;
}

/** A reversed entry no longer holds its reference (it stays in `reference`, as its receipt prints it). */
export async function releaseReference(db: DbOrTx, id: string): Promise<void> {
  await db.updateTable('payments').set({ live_reference: null }).where('id', '=', id).execute();
}

export async function insertPayment(db: DbOrTx, row: Insertable<PaymentsTable>): Promise<void> {
  await db.insertInto('payments').values(row).execute();
}

/** claimed → verified, the one change a ledger entry takes; false when it was no longer a waiting claim. */
export async function markVerified(
  db: DbOrTx,
  id: string,
  fields: {
    amount_paise: number;
    verified_at: number;
    verified_by_id: string;
    verified_by_name: string;
    receipt_number: string;
    receipt_paper: string;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set(fields)
    .where('id', '=', id)
    .where('kind', '=', 'payment')
    .where('verified_at', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('payments as r').select('r.id').where('r.reversal_of', '=', id))))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether an inquiry's money is the ledger's: it has a schedule or any ledger entry. */
export async function hasLedger(db: DbOrTx, inquiryId: string): Promise<boolean> {
  const row = await db
    .selectFrom('instalments')
    .select('id')
    .where('inquiry_id', '=', inquiryId)
    .union(db.selectFrom('payments').select('id').where('inquiry_id', '=', inquiryId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Inquiries (not deleted, status not in `excluded`) with an instalment due from `firstDay` to `lastDay`. */
export async function findInquiriesWithInstalmentsDue(
  db: DbOrTx,
  firstDay: string,
  lastDay: string,
  excluded: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('instalments as i')
    .innerJoin('inquiries as q', 'q.id', 'i.inquiry_id')
    .select('i.inquiry_id')
    .distinct()
    .where('i.due_date', '>=', firstDay)
    .where('i.due_date', '<=', lastDay)
    .where('q.deleted_at', 'is', null)
    .where('q.status', 'not in', [...excluded])
    .orderBy('i.inquiry_id')
    .execute();
  return rows.map((r) => r.inquiry_id);
}

/** Records a reminder as sent; false when this kind for this due day was sent already (by any process). */
export async function claimReminder(
  db: DbOrTx,
  row: { instalment_id: string; kind: 'before' | 'on' | 'after'; due_date: string; sent_at: number },
): Promise<boolean> {
  const result = await db
    .insertInto('payment_reminders')
    .values(row)
    .onConflict((oc) => oc.columns(['instalment_id', 'kind', 'due_date']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Verified payments received in [from, to), the reversed ones with them (the caller nets them off). */
export function findVerifiedPaymentsBetween(db: DbOrTx, from: number, to: number) {
  return db
    .selectFrom('payments as p')
    .innerJoin('inquiries as q', 'q.id', 'p.inquiry_id')
    .leftJoin('payments as r', 'r.reversal_of', 'p.id')
    .select([
      'p.amount_paise',
      'p.mode',
      'p.received_at',
      sql<number>`CASE WHEN r.id IS NULL THEN 0 ELSE 1 END`.as('reversed'),
    ])
    .where('p.kind', '=', 'payment')
    .where('p.verified_at', 'is not', null)
    .where('p.received_at', '>=', from)
    .where('p.received_at', '<', to)
    .where('q.deleted_at', 'is', null)
    .execute();
}

/**
 * The dashboards' inquiries (not deleted, status not in `excluded`) with an instalment due by `lastDay`; `staffId`
 * limits them to one handler's.
 */
export async function findInquiriesDueBy(
  db: DbOrTx,
  lastDay: string,
  excluded: readonly string[],
  staffId: string | null,
): Promise<{ id: string; customer_name: string; location: string }[]> {
  let query = db
    .selectFrom('inquiries as q')
    .select(['q.id', 'q.customer_name', 'q.location'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('instalments as i')
          .select('i.id')
          .whereRef('i.inquiry_id', '=', 'q.id')
          .where('i.due_date', '<=', lastDay),
      ),
    )
    .where('q.deleted_at', 'is', null)
    .where('q.status', 'not in', [...excluded]);
  if (staffId !== null) query = query.where('q.staff_id', '=', staffId);
  return query.orderBy('q.id').execute();
}

/** Per inquiry with a schedule (not deleted, status not in `excluded`): its scheduled and its verified money. */
export async function findScheduledAndPaid(db: DbOrTx, excluded: readonly string[]) {
  const scheduled = await db
    .selectFrom('instalments as i')
    .innerJoin('inquiries as q', 'q.id', 'i.inquiry_id')
    .select(['i.inquiry_id', (eb) => eb.fn.sum<number>('i.amount_paise').as('scheduled')])
    .where('q.deleted_at', 'is', null)
    .where('q.status', 'not in', [...excluded])
    .groupBy('i.inquiry_id')
    .execute();
  const paid = await db
    .selectFrom('payments as p')
    .leftJoin('payments as r', 'r.reversal_of', 'p.id')
    .select(['p.inquiry_id', (eb) => eb.fn.sum<number>('p.amount_paise').as('paid')])
    .where('p.kind', '=', 'payment')
    .where('p.verified_at', 'is not', null)
    .where('r.id', 'is', null)
    .groupBy('p.inquiry_id')
    .execute();
  const paidOf = new Map(paid.map((r) => [r.inquiry_id, Number(r.paid)]));
  return scheduled.map((r) => ({
    inquiryId: r.inquiry_id,
    scheduled: Number(r.scheduled),
    paid: paidOf.get(r.inquiry_id) ?? 0,
  }));
}
