// D31 payments: the schedule made at acceptance and reshaped by staff, the ledger (a customer's claim, staff's
// verification or recording, a reversal), and what they add up to. Nothing in the ledger is edited or deleted but
// a claim's move to verified; `advance` on the inquiry is always the ledger's verified money (inquiry-payments.ts).
import {
  INQUIRY_MESSAGES,
  PAYMENT_LIMITS,
  PAYMENT_MESSAGES,
  PAYMENT_MODE_LABELS,
  allocatePaid,
  formatRupees,
  instalmentReference,
  instalmentStatus,
  kolkataDate,
  normalisePaymentReference,
  paymentEventText,
  paymentSchedule,
  rupeesToPaise,
  upiPayUri,
  type Instalment,
  type InquiryPayments,
  type Payment,
  type PaymentState,
  type RecordPaymentBody,
  type ScheduleBody,
  type TripInstalment,
  type TripPayments,
} from '@safarnama/contract';
import type { Db, DbOrTx } from '../db/database';
import { badRequest, conflict, notFound } from '../errors';
import { now, toIso } from '../lib/clock';
import { isId, newId } from '../lib/ids';
import type { AuthUser } from '../plugins/access';
import type { InquiryNotifier } from '../notifications/notification.service';
import type { EventActor } from '../inquiries/inquiry-quotes';
import {
  applyLedgerAdvance,
  findPayableInquiry,
  findReadablePayableInquiry,
  recordPaymentNote,
  type PayableInquiry,
} from '../inquiries/inquiry-payments';
import { nextDocumentNumber } from '../papers/document-numbers';
import type { PaymentNotifier } from './payment-mails';
import { issueReceiptPaper, storedReceiptPaper, type ReceiptAgency, type ReceiptPaper } from './receipt-paper';
import {
  deleteInstalments,
  findInstalments,
  findPaymentById,
  findPayments,
  insertInstalments,
  insertPayment,
  isReferenceUsed,
  markVerified,
  releaseReference,
  updateInstalment,
  type InstalmentRow,
  type PaymentRow,
} from './payment.repository';

/** How the trip page tells the customer to pay (config SITE_UPI_ID, SITE_BANK_*, SITE_PHONE). */
export interface PayTo {
  upiId: string | null;
  payeeName: string;
  bank: { name: string; accountName: string; account: string; ifsc: string; branch: string | null } | null;
  phone: string;
}

export interface PaymentContext {
  db: Db;
  payTo: PayTo;
  /** PAYMENT_ADVANCE_PERCENT. */
  advancePercent: number;
  /** The agency as a receipt issued now prints it. */
  agency: ReceiptAgency;
  notifier?: PaymentNotifier | undefined;
  /** The inquiry's own mails (the customer's Advance Received note). */
  inquiryNotifier?: Pick<InquiryNotifier, 'inquiryUpdated'> | undefined;
}

const toRupees = (paise: number) => paise / 100;
const showRupees = (paise: number) => formatRupees(paise / 100);

/** An inquiry's schedule and ledger, and what they add up to. */
interface Ledger {
  instalments: InstalmentRow[];
  payments: PaymentRow[];
  /** Payments undone by a reversal entry. */
  reversed: Set<string>;
  paidPaise: number;
  /** Per instalment (same order): the verified money that covers it. */
  allocated: number[];
  /** Instalments with a customer's claim waiting. */
  claimed: Set<string>;
}

function ledgerOf(instalments: InstalmentRow[], payments: PaymentRow[]): Ledger {
  const reversed = new Set(payments.flatMap((p) => (p.reversal_of ? [p.reversal_of] : [])));
  let paidPaise = 0;
  const claimed = new Set<string>();
  for (const p of payments) {
    if (p.kind !== 'payment' || reversed.has(p.id)) continue;
    if (p.verified_at !== null) paidPaise += p.amount_paise;
    else if (p.instalment_id) claimed.add(p.instalment_id);
  }
  const allocated = allocatePaid(
    instalments.map((i) => i.amount_paise),
    paidPaise,
  );
  return { instalments, payments, reversed, paidPaise, allocated, claimed };
}

async function loadLedger(db: DbOrTx, inquiryId: string): Promise<Ledger> {
  return ledgerOf(await findInstalments(db, inquiryId), await findPayments(db, inquiryId));
}

const stateOf = (p: PaymentRow, ledger: Ledger): PaymentState =>
  p.kind === 'reversal' || ledger.reversed.has(p.id) ? 'reversed' : p.verified_at === null ? 'claimed' : 'verified';

function toPayment(p: PaymentRow, ledger: Ledger): Payment {
  return {
    _id: p.id,
    kind: p.kind,
    state: stateOf(p, ledger),
    amount: toRupees(p.amount_paise),
    claimedAmount: p.claimed_amount_paise === null ? null : toRupees(p.claimed_amount_paise),
    mode: p.mode,
    reference: p.reference,
    receivedAt: toIso(p.received_at)!,
    instalmentId: p.instalment_id,
    receiptNumber: p.receipt_number,
    reversalOf: p.reversal_of,
    reversedBy: ledger.payments.find((r) => r.reversal_of === p.id)?.id ?? null,
    reason: p.reason,
    recordedBy: p.recorded_by_name,
    verifiedAt: toIso(p.verified_at),
    verifiedBy: p.verified_by_name,
    createdAt: toIso(p.created_at)!,
  };
}

function toInstalments(inquiry: PayableInquiry, ledger: Ledger, today: string): Instalment[] {
  return ledger.instalments.map((i, n) => {
    const paidPaise = ledger.allocated[n] ?? 0;
    return {
      _id: i.id,
      number: i.position,
      reference: instalmentReference(inquiry.quotationNumber, i.position),
      amount: toRupees(i.amount_paise),
      paid: toRupees(paidPaise),
      dueDate: i.due_date,
      status: instalmentStatus(
        { amountPaise: i.amount_paise, paidPaise, claimed: ledger.claimed.has(i.id), dueDate: i.due_date },
        today,
      ),
    };
  });
}

/** An inquiry's instalments as staff see them at `at` (the reminders read them). */
export async function loadLedgerView(db: DbOrTx, inquiry: PayableInquiry, at: number): Promise<Instalment[]> {
  return toInstalments(inquiry, await loadLedger(db, inquiry.id), kolkataDate(at));
}

/** The staff's (and, without the ledger, the Customer's) view of an inquiry's payments. */
function paymentsView(inquiry: PayableInquiry, ledger: Ledger, withLedger: boolean, at: number): InquiryPayments {
  return {
    total: toRupees(inquiry.tpcPaise),
    paid: toRupees(ledger.paidPaise),
    pending: toRupees(inquiry.tpcPaise - ledger.paidPaise),
    instalments: toInstalments(inquiry, ledger, kolkataDate(at)),
    payments: withLedger ? [...ledger.payments].reverse().map((p) => toPayment(p, ledger)) : null,
  };
}

async function openInquiry(ctx: PaymentContext, user: AuthUser, id: string): Promise<PayableInquiry> {
  const inquiry = await findReadablePayableInquiry(ctx.db, user, id);
  if (!inquiry) throw notFound(INQUIRY_MESSAGES.notFound);
  return inquiry;
}

const actorOf = (user: AuthUser): EventActor => ({ id: user.id, name: user.name });

/** A ledger entry staff make themselves (a payment recorded, a reversal): recorded and verified by them, now. */
const enteredBy = (user: AuthUser, at: number) => ({
  recorded_by_id: user.id,
  recorded_by_name: user.name,
  verified_at: at,
  verified_by_id: user.id,
  verified_by_name: user.name,
  created_at: at,
});

// --- the schedule -----------------------------------------------------------------------------------------------

/**
 * D31: the schedule of an accepted version, in the acceptance's transaction: the advance at once and the balance
 * before the travel date (paymentSchedule). An inquiry that has a schedule keeps it: accepting again makes nothing.
 */
export async function scheduleOnAcceptance(
  trx: DbOrTx,
  inquiryId: string,
  actor: EventActor,
  totalPaise: number,
  advancePercent: number,
  at: number,
): Promise<void> {
  const inquiry = await findPayableInquiry(trx, inquiryId);
  if (!inquiry || (await findInstalments(trx, inquiryId)).length > 0) return;
  const parts = paymentSchedule(totalPaise, advancePercent, at, inquiry.travelDate);
  await insertInstalments(
    trx,
    parts.map((p, n) => ({
      id: newId(),
      inquiry_id: inquiryId,
      position: n + 1,
      amount_paise: p.amountPaise,
      due_date: p.dueDate,
      created_at: at,
      updated_at: at,
    })),
  );
  if (parts.length > 0) {
    await recordPaymentNote(
      trx,
      inquiryId,
      actor,
      paymentEventText.scheduled(parts.length, showRupees(totalPaise)),
      at,
    );
  }
}

/** GET /api/inquiries/{id}/payments: the schedule and the ledger; a Customer (their own) gets no ledger. */
export async function getInquiryPayments(ctx: PaymentContext, user: AuthUser, id: string): Promise<InquiryPayments> {
  const inquiry = await openInquiry(ctx, user, id);
  return paymentsView(inquiry, await loadLedger(ctx.db, inquiry.id), user.role !== 'Customer', now());
}

/**
 * PUT /api/inquiries/{id}/instalments: the whole schedule anew, in due order, summing to the inquiry's total
 * package cost. Positions keep their instalment (and its reference); extra ones are added, missing ones dropped.
 */
export async function reshapeSchedule(
  ctx: PaymentContext,
  user: AuthUser,
  id: string,
  body: ScheduleBody,
): Promise<InquiryPayments> {
  const at = now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    const inquiry = await findReadablePayableInquiry(trx, user, id);
    if (!inquiry) throw notFound(INQUIRY_MESSAGES.notFound);
    const wanted = body.instalments
      .map((i) => ({ amountPaise: rupeesToPaise(i.amount), dueDate: i.dueDate }))
      .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0));
    const sum = wanted.reduce((s, i) => s + i.amountPaise, 0);
    if (sum !== inquiry.tpcPaise) {
      const message = PAYMENT_MESSAGES.scheduleSum(showRupees(sum), showRupees(inquiry.tpcPaise));
      throw badRequest(message, { instalments: message });
    }
    const current = await findInstalments(trx, inquiry.id);
    for (const [n, want] of wanted.entries()) {
      const row = current[n];
      if (row) {
        if (row.amount_paise !== want.amountPaise || row.due_date !== want.dueDate)
          await updateInstalment(trx, row.id, {
            amount_paise: want.amountPaise,
            due_date: want.dueDate,
            updated_at: at,
          });
      } else {
        await insertInstalments(trx, [
          {
            id: newId(),
            inquiry_id: inquiry.id,
            position: n + 1,
            amount_paise: want.amountPaise,
            due_date: want.dueDate,
            created_at: at,
            updated_at: at,
          },
        ]);
      }
    }
    await deleteInstalments(
      trx,
      current.slice(wanted.length).map((r) => r.id),
    );
    await recordPaymentNote(trx, inquiry.id, actorOf(user), paymentEventText.reshaped(wanted.length), at);
    return paymentsView(inquiry, await loadLedger(trx, inquiry.id), true, at);
  });
  return result;
}

// --- the ledger -------------------------------------------------------------------------------------------------

/**
 * A reference no standing entry uses, or 409 (checked first for the message; the unique index on `live_reference`
 * settles races). A reversed entry's reference is free again.
 */
async function checkReference(trx: DbOrTx, reference: string | null) {
  if (reference !== null && (await isReferenceUsed(trx, reference))) {
    throw conflict(PAYMENT_MESSAGES.duplicateReference);
  }
}

/** A unique violation on payments.live_reference (a race the check above lost) as the same 409. */
function asDuplicate(err: unknown): never {
  const text = err instanceof Error ? `${err.message} ${(err as { code?: string }).code ?? ''}` : '';
  if (/unique|23505|SQLITE_CONSTRAINT/i.test(text) && /reference/i.test(text)) {
    throw conflict(PAYMENT_MESSAGES.duplicateReference);
  }
  throw err;
}

/** After money moved: the inquiry's advance (and status), a receipt for a newly verified payment, its mail. */
async function afterVerified(
  ctx: PaymentContext,
  trx: DbOrTx,
  user: AuthUser,
  inquiryId: string,
  payment: PaymentRow,
  at: number,
) {
  const ledger = await loadLedger(trx, inquiryId);
  await applyLedgerAdvance(trx, inquiryId, actorOf(user), ledger.paidPaise, at, {
    notifier: ctx.inquiryNotifier,
    user,
  });
  await ctx.notifier?.receipt(trx, inquiryId, {
    paymentId: payment.id,
    number: payment.receipt_number!,
    amountPaise: payment.amount_paise,
    mode: payment.mode ?? 'upi',
    receivedAt: payment.received_at,
  });
  return ledger;
}

/** POST /api/inquiries/{id}/payments: money staff saw arrive, verified at once, with its receipt. */
export async function recordPayment(
  ctx: PaymentContext,
  user: AuthUser,
  id: string,
  body: RecordPaymentBody,
): Promise<{ message: string; payment: Payment }> {
  const at = now();
  const receivedAt = Date.parse(body.receivedAt);
  if (receivedAt > at + PAYMENT_LIMITS.receivedAheadDays * 86_400_000) {
    throw badRequest(PAYMENT_MESSAGES.receivedAtFuture, { receivedAt: PAYMENT_MESSAGES.receivedAtFuture });
  }
  const answer = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const inquiry = await findReadablePayableInquiry(trx, user, id);
      if (!inquiry) throw notFound(INQUIRY_MESSAGES.notFound);
      if (body.instalmentId !== undefined) {
        const instalments = await findInstalments(trx, inquiry.id);
        if (!instalments.some((i) => i.id === body.instalmentId)) {
          throw badRequest(PAYMENT_MESSAGES.instalmentNotFound, { instalmentId: PAYMENT_MESSAGES.instalmentNotFound });
        }
      }
      const reference = body.reference ? body.reference : null;
      await checkReference(trx, reference);
      const entry = {
        id: newId(),
        inquiry_id: inquiry.id,
        kind: 'payment' as const,
        amount_paise: rupeesToPaise(body.amount),
        claimed_amount_paise: null,
        mode: body.mode,
        reference,
        live_reference: reference,
        received_at: receivedAt,
        instalment_id: body.instalmentId ?? null,
        receipt_number: await nextDocumentNumber(trx, 'RCT', at),
        reversal_of: null,
        reason: null,
        ...enteredBy(user, at),
      };
      const row: PaymentRow = {
        ...entry,
        receipt_paper: JSON.stringify(issueReceiptPaper(ctx.agency, inquiry, entry)),
      };
      await insertPayment(trx, row);
      await recordPaymentNote(
        trx,
        inquiry.id,
        actorOf(user),
        paymentEventText.recorded(showRupees(row.amount_paise), PAYMENT_MODE_LABELS[body.mode], row.receipt_number!),
        at,
      );
      const ledger = await afterVerified(ctx, trx, user, inquiry.id, row, at);
      return { message: PAYMENT_MESSAGES.recorded, payment: toPayment(row, ledger) };
    })
    .catch(asDuplicate);
  ctx.notifier?.committed();
  return answer;
}

/** A ledger entry the back office may act on, with its inquiry, or 404. */
async function openPayment(trx: DbOrTx, user: AuthUser, paymentId: string) {
  const payment = isId(paymentId) ? await findPaymentById(trx, paymentId) : undefined;
  const inquiry = payment ? await findReadablePayableInquiry(trx, user, payment.inquiry_id) : undefined;
  if (!payment || !inquiry) throw notFound(PAYMENT_MESSAGES.notFound);
  return { payment, inquiry };
}

/** POST /api/payments/{id}/verify: a customer's claim seen in the bank, with the amount that arrived if it differs. */
export async function verifyPayment(
  ctx: PaymentContext,
  user: AuthUser,
  paymentId: string,
  body: { amount?: number | undefined },
): Promise<{ message: string; payment: Payment }> {
  const at = now();
  const answer = await ctx.db.transaction().execute(async (trx) => {
    const { payment, inquiry } = await openPayment(trx, user, paymentId);
    const before = await loadLedger(trx, inquiry.id);
    if (stateOf(payment, before) !== 'claimed') throw conflict(PAYMENT_MESSAGES.notClaimed);
    const verified = {
      amount_paise: body.amount === undefined ? payment.amount_paise : rupeesToPaise(body.amount),
      verified_at: at,
      verified_by_id: user.id,
      verified_by_name: user.name,
      receipt_number: await nextDocumentNumber(trx, 'RCT', at),
    };
    // The receipt as printed today: what the inquiry says later does not change it.
    const fields = {
      ...verified,
      receipt_paper: JSON.stringify(issueReceiptPaper(ctx.agency, inquiry, { ...payment, ...verified })),
    };
    // Guarded: of two racing verifications (or a verification and a reversal) one goes through.
    if (!(await markVerified(trx, payment.id, fields))) throw conflict(PAYMENT_MESSAGES.notClaimed);
    const row = { ...payment, ...fields };
    await recordPaymentNote(
      trx,
      inquiry.id,
      actorOf(user),
      paymentEventText.verified(showRupees(row.amount_paise), fields.receipt_number),
      at,
    );
    const ledger = await afterVerified(ctx, trx, user, inquiry.id, row, at);
    return { message: PAYMENT_MESSAGES.verified, payment: toPayment(row, ledger) };
  });
  ctx.notifier?.committed();
  return answer;
}

/**
 * POST /api/payments/{id}/reverse: undoes a verified payment or refuses a claim, as a new entry with the reason;
 * the payment and its receipt stay. `advance` drops with it; the status stays where it is.
 */
export async function reversePayment(
  ctx: PaymentContext,
  user: AuthUser,
  paymentId: string,
  reason: string,
): Promise<{ message: string; payment: Payment }> {
  const at = now();
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      const { payment, inquiry } = await openPayment(trx, user, paymentId);
      if (payment.kind === 'reversal') throw conflict(PAYMENT_MESSAGES.reversalOfReversal);
      if (stateOf(payment, await loadLedger(trx, inquiry.id)) === 'reversed')
        throw conflict(PAYMENT_MESSAGES.alreadyReversed);
      const row: PaymentRow = {
        id: newId(),
        inquiry_id: inquiry.id,
        kind: 'reversal',
        amount_paise: payment.amount_paise,
        claimed_amount_paise: null,
        mode: null,
        reference: null,
        live_reference: null,
        received_at: at,
        instalment_id: payment.instalment_id,
        receipt_number: null,
        receipt_paper: null,
        reversal_of: payment.id,
        reason: reason.normalize('NFC'),
        ...enteredBy(user, at),
      };
      await insertPayment(trx, row);
      // The reversed entry's UTR or cheque number may be entered again (a claim reversed by mistake).
      await releaseReference(trx, payment.id);
      await recordPaymentNote(
        trx,
        inquiry.id,
        actorOf(user),
        paymentEventText.reversed(showRupees(payment.amount_paise), row.reason!),
        at,
      );
      const ledger = await loadLedger(trx, inquiry.id);
      await applyLedgerAdvance(trx, inquiry.id, actorOf(user), ledger.paidPaise, at);
      return { message: PAYMENT_MESSAGES.reversed, payment: toPayment(row, ledger) };
    })
    .catch((err: unknown) => {
      // The unique reversal_of index: a racing reversal of the same entry won.
      if (
        err instanceof Error &&
        /unique|23505|SQLITE_CONSTRAINT/i.test(`${err.message} ${String((err as { code?: string }).code)}`)
      )
        throw conflict(PAYMENT_MESSAGES.alreadyReversed);
      throw err;
    });
}

// --- the trip page ----------------------------------------------------------------------------------------------

function tripInstalmentOf(ctx: PaymentContext, inquiry: PayableInquiry, i: Instalment): TripInstalment {
  const leftPaise = rupeesToPaise(i.amount - i.paid);
  const payable = ctx.payTo.upiId !== null && (i.status === 'due' || i.status === 'overdue') && leftPaise > 0;
  return {
    _id: i._id,
    number: i.number,
    reference: i.reference,
    amount: i.amount,
    dueDate: i.dueDate,
    status: i.status,
    upiUri: payable
      ? upiPayUri({
          pa: ctx.payTo.upiId!,
          pn: ctx.payTo.payeeName,
          amountPaise: leftPaise,
          note: `${inquiry.location} trip ${i.reference}`,
          reference: i.reference,
        })
      : null,
  };
}

/** The trip page's payments (no cost, no staff name or e-mail); null while the inquiry has no schedule or ledger. */
export async function tripPaymentsOf(ctx: PaymentContext, inquiryId: string, at: number): Promise<TripPayments | null> {
  const inquiry = await findPayableInquiry(ctx.db, inquiryId);
  if (!inquiry) return null;
  const ledger = await loadLedger(ctx.db, inquiry.id);
  if (ledger.instalments.length === 0 && ledger.payments.length === 0) return null;
  const view = paymentsView(inquiry, ledger, false, at);
  return {
    total: view.total,
    paid: view.paid,
    pending: view.pending,
    instalments: view.instalments.map((i) => tripInstalmentOf(ctx, inquiry, i)),
    payTo: { upiId: ctx.payTo.upiId, bank: ctx.payTo.upiId ? null : ctx.payTo.bank, phone: ctx.payTo.phone },
    receipts: ledger.payments
      .filter((p) => p.kind === 'payment' && p.receipt_number !== null)
      .map((p) => ({
        _id: p.id,
        number: p.receipt_number!,
        amount: toRupees(p.amount_paise),
        mode: p.mode ?? 'upi',
        receivedAt: toIso(p.received_at)!,
        reversed: ledger.reversed.has(p.id),
      })),
  };
}

/**
 * The customer's claim: they paid instalment `instalmentId` by UPI and give the UTR. The instalment becomes
 * claimed, the handler is mailed, and a staff-only line goes in the timeline. `actor` is the customer.
 */
export async function claimInstalment(
  ctx: PaymentContext,
  inquiryId: string,
  instalmentId: string,
  utr: string,
  actor: EventActor,
): Promise<{ message: string; instalment: TripInstalment }> {
  const at = now();
  const answer = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const inquiry = await findPayableInquiry(trx, inquiryId);
      if (!inquiry) throw notFound(PAYMENT_MESSAGES.instalmentNotFound);
      const ledger = await loadLedger(trx, inquiry.id);
      const index = ledger.instalments.findIndex((i) => i.id === instalmentId);
      const instalment = ledger.instalments[index];
      if (!instalment) throw notFound(PAYMENT_MESSAGES.instalmentNotFound);
      const leftPaise = instalment.amount_paise - (ledger.allocated[index] ?? 0);
      if (leftPaise <= 0) throw conflict(PAYMENT_MESSAGES.alreadyPaid);
      if (ledger.claimed.has(instalment.id)) throw conflict(PAYMENT_MESSAGES.alreadyClaimed);
      const reference = normalisePaymentReference(utr);
      await checkReference(trx, reference);
      const paymentId = newId();
      await insertPayment(trx, {
        id: paymentId,
        inquiry_id: inquiry.id,
        kind: 'payment',
        amount_paise: leftPaise,
        claimed_amount_paise: leftPaise,
        mode: 'upi',
        reference,
        live_reference: reference,
        received_at: at,
        instalment_id: instalment.id,
        receipt_number: null,
        receipt_paper: null,
        reversal_of: null,
        reason: null,
        recorded_by_id: actor.id,
        recorded_by_name: actor.name,
        verified_at: null,
        verified_by_id: null,
        verified_by_name: null,
        created_at: at,
      });
      const ref = instalmentReference(inquiry.quotationNumber, instalment.position);
      await recordPaymentNote(
        trx,
        inquiry.id,
        actor,
        paymentEventText.claimed(ref, showRupees(leftPaise), reference),
        at,
      );
      await ctx.notifier?.claimed(trx, inquiry.id, {
        paymentId,
        reference: ref,
        amountPaise: leftPaise,
        utr: reference,
      });
      const after = await loadLedger(trx, inquiry.id);
      const shown = toInstalments(inquiry, after, kolkataDate(at)).find((i) => i._id === instalment.id)!;
      return { message: PAYMENT_MESSAGES.claimReceived, instalment: tripInstalmentOf(ctx, inquiry, shown) };
    })
    .catch(asDuplicate);
  ctx.notifier?.committed();
  return answer;
}

/** The issued receipt of the inquiry's ledger by payment id, as it was printed, or undefined. */
export async function findReceiptPaper(
  db: DbOrTx,
  agency: ReceiptAgency,
  inquiryId: string,
  paymentId: string,
): Promise<ReceiptPaper | undefined> {
  const payment = isId(paymentId) ? await findPaymentById(db, paymentId) : undefined;
  if (!payment || payment.inquiry_id !== inquiryId) return undefined;
  return storedReceiptPaper(payment, agency);
}

/** GET /api/payments/{id}/receipt.pdf's paper, for the back office. */
export async function findStaffReceipt(ctx: PaymentContext, user: AuthUser, paymentId: string): Promise<ReceiptPaper> {
  const { payment } = await openPayment(ctx.db, user, paymentId);
  const paper = storedReceiptPaper(payment, ctx.agency);
  if (!paper) throw notFound(PAYMENT_MESSAGES.notFound);
  return paper;
}
