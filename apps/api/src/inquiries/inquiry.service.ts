// Inquiry rules: capture, the staff pipeline (assignment D8, derived money D7, canonical status D6, soft
// delete D9), the event trail and the Customer's view (D5); the D10 list is inquiry-list.service.ts.
import {
  AGENCY_ONLY_INQUIRY_FIELDS,
  AGENCY_ONLY_NESTED_FIELDS,
  INQUIRY_FIELDS,
  INQUIRY_MESSAGES,
  INQUIRY_STATUSES,
  PAYMENT_MESSAGES,
  SUPPLIER_PAYMENT_MESSAGES,
  CONTACTED_NOTE,
  DEFAULT_STAFF_SOURCE,
  canonicalStatus,
  computePendingAmount,
  computeProfit,
  type CreateInquiryData,
  type CustomerInquiry,
  type Inquiry,
  type InquiryView,
  type InquiryEvent,
  type StatusCount,
  type UpdateInquiryData,
  WORKFLOW_MESSAGES,
  kolkataDate,
} from '@safarnama/contract';
import type { Db, DbOrTx } from '../db/database';
import type { Engine } from '../db/dialect';
import { badRequest, notFound } from '../errors';
import { now, toIso } from '../lib/clock';
import { isId, newId } from '../lib/ids';
import type { AuthUser } from '../plugins/access';
import type { InquiryNotifier } from '../notifications/notification.service';
import { findUserById } from '../users/user.repository';
import { findPackageById } from '../packages/package.repository';
import { hasLedger } from '../payments/payment.repository';
import { hasBookings } from '../suppliers/supplier-payment.repository';
import { can, isBackOffice, scopeOf, visibleEventTypes } from './inquiry.policy';
import { ownerOfAddress, ownerOfNewInquiry } from './inquiry-links';
import { TABLE_EVENT_READERS, tableColumnsOf, tableFieldsOf } from './inquiry-columns';
import {
  editableColumns,
  findInquiryById,
  findInquiryEvents,
  findScopedStatusCounts,
  findStatusCounts,
  insertInquiry,
  insertInquiryEvents,
  softDeleteInquiry,
  updateInquiryRow,
  type InquiryChanges,
  type InquiryEventRow,
  type InquiryRow,
  type NewInquiryRow,
} from './inquiry.repository';
import { InquirySearchCache } from './search/search-cache';

export interface InquiryContext {
  db: Db;
  engine: Engine;
  /** The sorted matches of recent back-office searches (one per app; see search/search-cache.ts). */
  searchCache: InquirySearchCache;
  /** D25: writes the mails a change causes in its transaction (absent: no mail, as in the bench and seed). */
  notifier?: InquiryNotifier;
}

/** One app's inquiry context: its search cache lives as long as the app. */
export function createInquiryContext(db: Db, engine: Engine): InquiryContext {
  return {
    db,
    engine,
    searchCache: new InquirySearchCache(),
  };
}

const toPaise = (rupees: number) => Math.round(rupees * 100);
const toRupees = (paise: number) => paise / 100;

/**
 * A row in the contract's shape (spec §3 Inquiry): money in rupees, derived money computed here (D7). The plain
 * text and yes/no fields come from inquiry-columns.ts (answers are written in the schema's key order).
 */
export function toInquiry(row: InquiryRow): Inquiry {
  const tpc = toRupees(row.tpc_paise);
  const advance = toRupees(row.advance_paise);
  const totalRevenue = toRupees(row.total_revenue_paise);
  const hotelCost = toRupees(row.hotel_cost_paise);
  const cabCost = toRupees(row.cab_cost_paise);
  return {
    _id: row.id,
    customer: { name: row.customer_name, email: row.customer_email, whatsappNumber: row.customer_whatsapp },
    staff: row.staff_id ? { id: row.staff_id, name: row.staff_name, email: row.staff_email } : null,
    location: row.location,
    noOfAdults: row.adults,
    noOfKids: row.kids,
    hotelType: row.hotel_type,
    budget: toRupees(row.budget_paise),
    status: row.status,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
    totalRevenue,
    hotelCost,
    cabCost,
    advance,
    tpc,
    pendingAmount: computePendingAmount(tpc, advance),
    profit: computeProfit(totalRevenue, hotelCost, cabCost),
    travelDate: row.travel_date ?? null,
    source: (row.source ?? null) as Inquiry['source'],
    package: row.package_title ? { id: row.package_id ?? null, title: row.package_title } : null,
    followUpAt: toIso(row.follow_up_at ?? null),
    ...tableFieldsOf(row),
  };
}

/** Copies `source` without `keys`. */
function without<T extends object>(source: T, keys: readonly string[]): Record<string, unknown> {
  const out = { ...source } as Record<string, unknown>;
  for (const key of keys) delete out[key];
  return out;
}

/** D24: a Customer's side of an inquiry: without the fields the contract's table gives the agency's audience. */
function toCustomerInquiry(inquiry: Inquiry): CustomerInquiry {
  const { staff, ...rest } = inquiry;
  return {
    ...without(rest, AGENCY_ONLY_INQUIRY_FIELDS),
    staff: staff ? without(staff, AGENCY_ONLY_NESTED_FIELDS.staff ?? []) : null,
  } as CustomerInquiry;
}

/**
 * The inquiry as this caller may see it: the customer view for a Customer, whole for the back office. An
 * anonymous sender's answer is the new inquiry they just sent, whose agency fields are still zero.
 */
export function viewFor(user: AuthUser | null, inquiry: Inquiry): InquiryView {
  return user?.role === 'Customer' ? toCustomerInquiry(inquiry) : inquiry;
}

function toEvent(row: InquiryEventRow, withActor: boolean): InquiryEvent {
  return {
    _id: row.id,
    type: row.type,
    actor: withActor && row.actor_id ? { id: row.actor_id, name: row.actor_name } : null,
    field: row.field,
    from: row.from_value,
    to: row.to_value,
    createdAt: toIso(row.created_at)!,
  };
}

function actorOf(user: AuthUser | null, fallbackName: string) {
  return { actor_id: user?.id ?? null, actor_name: user?.name ?? fallbackName };
}

async function findVisible(ctx: InquiryContext, user: AuthUser, id: string, action: 'read' | 'readEvents') {
  // Malformed ids and other people's inquiries are simply not found (D5: no existence leak).
  const row = isId(id) ? await findInquiryById(ctx.db, id) : undefined;
  if (!row || !can(user, action, row)) throw notFound(INQUIRY_MESSAGES.notFound);
  return row;
}

// --- create ---------------------------------------------------------------------------------------------

/** The row a create payload would become, not yet linked to an account (createInquiry links it, D5). */
function newInquiryRow(
  data: CreateInquiryData,
  user: AuthUser | null,
  at: number,
  pkg: { id: string; name: string } | undefined,
): NewInquiryRow {
  const isStaff = isBackOffice(user);
  return {
    id: newId(),
    customer_name: data.name,
    customer_email: data.email,
    customer_whatsapp: data.whatsappNumber,
    customer_user_id: null,
    staff_id: null,
    staff_name: '',
    staff_email: '',
    location: data.location,
    adults: data.noOfAdults,
    kids: data.noOfKids,
    hotel_type: data.hotelType ?? null,
    budget_paise: toPaise(data.budget),
    status: 'New',
    total_revenue_paise: 0,
    hotel_cost_paise: 0,
    cab_cost_paise: 0,
    advance_paise: 0,
    tpc_paise: 0,
    created_at: at,
    updated_at: at,
    deleted_at: null,
    deleted_by: null,
    travel_date: data.travelDate ?? null,
    // D26: visitors' and Customers' inquiries come from the website; staff say where theirs came from.
    source: isStaff ? (data.source ?? DEFAULT_STAFF_SOURCE) : 'website',
    package_id: pkg?.id ?? null,
    package_title: pkg?.name ?? null,
    follow_up_at: null,
    ...tableColumnsOf(data),
  };
}

/** D26: a travel date may not be before today in Asia/Kolkata. */
function checkTravelDate(date: string | null | undefined, at: number) {
  if (date && date < kolkataDate(at)) {
    throw badRequest(WORKFLOW_MESSAGES.travelDatePast, { travelDate: WORKFLOW_MESSAGES.travelDatePast });
  }
}

/**
 * D26: a linked package must exist; its name is kept with the inquiry. A visitor's Book Now link may outlive its
 * package (`lenient`): the inquiry is then taken without the link, as a refused lead could never be sent at all.
 */
async function findLinkedPackage(db: DbOrTx, id: string | null | undefined, lenient = false) {
  if (!id) return undefined;
  const pkg = isId(id.toLowerCase()) ? await findPackageById(db, id.toLowerCase()) : undefined;
  if (pkg) return { id: pkg.id, name: pkg.name };
  if (lenient) return undefined;
  throw badRequest(WORKFLOW_MESSAGES.packageMissing, { packageId: WORKFLOW_MESSAGES.packageMissing });
}

export interface CreateResult {
  inquiry: InquiryView;
  /** D15: the honeypot was filled; nothing was stored but the caller answers as if it had been. */
  discarded: boolean;
}

/** Keeps the answer a create gives, first thing in its transaction (D34: an Idempotency-Key's first answer). */
export type CreateAnswerRecorder = (db: DbOrTx, answer: InquiryView) => Promise<void>;

/** A new inquiry is New and unassigned; its creation is its first event, in the same transaction. */
export async function createInquiry(
  ctx: InquiryContext,
  user: AuthUser | null,
  data: CreateInquiryData,
  recordAnswer?: CreateAnswerRecorder,
): Promise<CreateResult> {
  const at = now();
  checkTravelDate(data.travelDate, at);
  const honeypot = Boolean(data.website && data.website.trim() !== '');
  const pkg = honeypot ? undefined : await findLinkedPackage(ctx.db, data.packageId, !isBackOffice(user));
  const draft = newInquiryRow(data, user, at, pkg);
  const inquiry = viewFor(user, toInquiry(draft as InquiryRow));
  if (honeypot) {
    // A bot's retry gets the same pretend answer.
    await recordAnswer?.(ctx.db, inquiry);
    return { inquiry, discarded: true };
  }
  await ctx.db.transaction().execute(async (trx) => {
    // First: it holds the key's row (SQLite: the write lock) from the start, and throws if the claim was lost.
    await recordAnswer?.(trx, inquiry);
    // Looked up beside the insert. A verification committing between the two (PostgreSQL runs them side by side)
    // links neither way; the inquiry then stays unlinked, seen by staff, until its address is verified again.
    const row = { ...draft, customer_user_id: await ownerOfNewInquiry(trx, user, draft.customer_email) };
    await insertInquiry(trx, row);
    await insertInquiryEvents(trx, [
      {
        id: newId(),
        inquiry_id: row.id,
        ...actorOf(user, data.name),
        type: 'created',
        field: null,
        from_value: null,
        to_value: row.status,
        created_at: at,
      },
    ]);
    await ctx.notifier?.inquiryCreated(trx, row as InquiryRow, user);
  });
  ctx.notifier?.committed();
  return { inquiry, discarded: false };
}

// --- reads ----------------------------------------------------------------------------------------------

export async function getInquiry(ctx: InquiryContext, user: AuthUser, id: string): Promise<InquiryView> {
  return viewFor(user, toInquiry(await findVisible(ctx, user, id, 'read')));
}

export async function listInquiryEvents(ctx: InquiryContext, user: AuthUser, id: string): Promise<InquiryEvent[]> {
  await findVisible(ctx, user, id, 'readEvents');
  const types = visibleEventTypes(user);
  const rows = await findInquiryEvents(ctx.db, id, types);
  return rows.map((r) => toEvent(r, types === undefined));
}

/** Status order of the contract first, then any legacy value by name. */
function byStatusOrder(a: StatusCount, b: StatusCount) {
  const rank = (s: string) => {
    const i = INQUIRY_STATUSES.indexOf(s as (typeof INQUIRY_STATUSES)[number]);
    return i === -1 ? INQUIRY_STATUSES.length : i;
  };
  return rank(a.status) - rank(b.status) || a.status.localeCompare(b.status);
}

/** Each status present with its count (D10's filter buttons): counters for the back office, own rows for a Customer. */
export async function listStatusCounts(ctx: InquiryContext, user: AuthUser): Promise<StatusCount[]> {
  const scope = scopeOf(user);
  const rows = scope.kind === 'all' ? await findStatusCounts(ctx.db) : await findScopedStatusCounts(ctx.db, scope);
  return rows
    .filter((r) => r.n > 0)
    .map((r) => ({ status: r.status, count: r.n }))
    .sort(byStatusOrder);
}

// --- the staff pipeline ---------------------------------------------------------------------------------

/** D8: an assignee must be an active (verified, not disabled) Staff or Owner; their own name and e-mail are used. */
async function findAssignee(db: DbOrTx, id: string) {
  const account = isId(id) ? await findUserById(db, id) : undefined;
  const active = account && isBackOffice(account) && account.disabled_at === null && account.email_verified_at !== null;
  if (!active) throw badRequest(INQUIRY_MESSAGES.staffInvalid, { staff: INQUIRY_MESSAGES.staffInvalid });
  return account;
}

/** Event values are text: money in rupees, absent values null. */
const show = (v: string | number | null) => (v === null || v === '' ? null : String(v));

/** How an edit event reads the fields with hand-written columns from a row, by their API names. */
const EVENT_READERS: Readonly<Record<string, (r: InquiryRow) => string | number | null>> = {
  'customer.name': (r) => r.customer_name,
  'customer.email': (r) => r.customer_email,
  'customer.whatsappNumber': (r) => r.customer_whatsapp,
  location: (r) => r.location,
  noOfAdults: (r) => r.adults,
  noOfKids: (r) => r.kids,
  hotelType: (r) => r.hotel_type,
  budget: (r) => toRupees(r.budget_paise),
  totalRevenue: (r) => toRupees(r.total_revenue_paise),
  hotelCost: (r) => toRupees(r.hotel_cost_paise),
  cabCost: (r) => toRupees(r.cab_cost_paise),
  advance: (r) => toRupees(r.advance_paise),
  tpc: (r) => toRupees(r.tpc_paise),
  travelDate: (r) => r.travel_date,
  source: (r) => r.source,
  package: (r) => r.package_title,
  followUpAt: (r) => toIso(r.follow_up_at),
};

/** The fields whose edits are events (those the contract's table names in the timeline), in the table's order. */
const EDITABLE: readonly [string, (r: InquiryRow) => string | number | null][] = INQUIRY_FIELDS.flatMap((f) => {
  if (!('timeline' in f)) return [];
  const read = EVENT_READERS[f.key] ?? TABLE_EVENT_READERS.get(f.key);
  if (!read) throw new Error(`No row reader for the inquiry field ${f.key}`);
  return [[f.key, read] as const];
});

/**
 * PUT: absent fields keep their stored values (a partial client never wipes data); derived money is never
 * taken from the client (D7). Every status change, assignment and edit is an event in the same transaction.
 */
export async function updateInquiry(
  ctx: InquiryContext,
  user: AuthUser,
  id: string,
  change: UpdateInquiryData | ((row: InquiryRow) => UpdateInquiryData),
  note?: string,
): Promise<Inquiry> {
  if (!isId(id)) throw notFound(INQUIRY_MESSAGES.notFound);
  const updated = await ctx.db.transaction().execute(async (trx) => {
    const row = await findInquiryById(trx, id);
    if (!row || !can(user, 'update', row)) throw notFound(INQUIRY_MESSAGES.notFound);
    const data = typeof change === 'function' ? change(row) : change;
    // D31: once an inquiry has a payment schedule or ledger, its advance is the ledger's; an edit that would type
    // another figure is refused (the same figure, as a form sends back what it shows, changes nothing).
    if (data.advance !== undefined && toPaise(data.advance) !== row.advance_paise && (await hasLedger(trx, id))) {
      throw badRequest(PAYMENT_MESSAGES.moneyFieldsDerived, { advance: PAYMENT_MESSAGES.moneyFieldsDerived });
    }
    // D33: once bookings exist, hotel and cab cost are the booked costs; another figure is refused the same way.
    const costMoved = (['hotelCost', 'cabCost'] as const).filter(
      (k) =>
        data[k] !== undefined && toPaise(data[k]) !== row[k === 'hotelCost' ? 'hotel_cost_paise' : 'cab_cost_paise'],
    );
    if (costMoved.length > 0 && (await hasBookings(trx, id))) {
      const m = SUPPLIER_PAYMENT_MESSAGES.costsDerived;
      throw badRequest(m, Object.fromEntries(costMoved.map((k) => [k, m])));
    }

    const next: InquiryRow = {
      ...row,
      customer_name: data.customer?.name ?? row.customer_name,
      customer_email: data.customer?.email ?? row.customer_email,
      customer_whatsapp: data.customer?.whatsappNumber ?? row.customer_whatsapp,
      ...tableColumnsOf(data, row),
      location: data.location ?? row.location,
      adults: data.noOfAdults ?? row.adults,
      kids: data.noOfKids ?? row.kids,
      hotel_type: data.hotelType === undefined ? row.hotel_type : data.hotelType,
      budget_paise: data.budget === undefined ? row.budget_paise : toPaise(data.budget),
      // D6: canonical on every write, so a legacy 'new' becomes 'New' when the inquiry is next saved.
      status: data.status ?? canonicalStatus(row.status) ?? row.status,
      total_revenue_paise: data.totalRevenue === undefined ? row.total_revenue_paise : toPaise(data.totalRevenue),
      hotel_cost_paise: data.hotelCost === undefined ? row.hotel_cost_paise : toPaise(data.hotelCost),
      cab_cost_paise: data.cabCost === undefined ? row.cab_cost_paise : toPaise(data.cabCost),
      advance_paise: data.advance === undefined ? row.advance_paise : toPaise(data.advance),
      tpc_paise: data.tpc === undefined ? row.tpc_paise : toPaise(data.tpc),
      travel_date: data.travelDate === undefined ? row.travel_date : data.travelDate,
      source: data.source === undefined ? row.source : data.source,
      follow_up_at:
        data.followUpAt === undefined
          ? row.follow_up_at
          : data.followUpAt === null
            ? null
            : Date.parse(data.followUpAt),
    };
    // A travel date is checked when it changes (an old trip's date may stay as it was).
    if (next.travel_date !== row.travel_date) checkTravelDate(next.travel_date, now());
    if (data.packageId !== undefined && data.packageId !== row.package_id) {
      const pkg = await findLinkedPackage(trx, data.packageId);
      Object.assign(next, { package_id: pkg?.id ?? null, package_title: pkg?.name ?? null });
    }

    // D5: an unlinked inquiry whose address staff correct to one a Customer verified becomes that Customer's; a
    // linked one stays with its account whatever its address becomes.
    if (next.customer_user_id === null && next.customer_email !== row.customer_email) {
      next.customer_user_id = await ownerOfAddress(trx, next.customer_email);
    }

    // Assignment: absent keeps; null or no id unassigns; the current assignee may stay even if since
    // disabled (D9: their inquiries keep showing who handled them); a new one must be active (D8).
    if (data.staff !== undefined) {
      const staffId = data.staff?.id ?? null;
      if (staffId === null) {
        Object.assign(next, { staff_id: null, staff_name: '', staff_email: '' });
      } else if (staffId !== row.staff_id) {
        const account = await findAssignee(trx, staffId);
        Object.assign(next, { staff_id: account.id, staff_name: account.name, staff_email: account.email });
      }
    }

    const at = now();
    const events: Omit<InquiryEventRow, 'id'>[] = [];
    const event = (type: InquiryEventRow['type'], field: string | null, from: unknown, to: unknown) =>
      events.push({
        inquiry_id: id,
        ...actorOf(user, user.name),
        type,
        field,
        from_value: show(from as string | number | null),
        to_value: show(to as string | number | null),
        created_at: at,
      });
    // The note first: the timeline then reads as it happened (contacted, so Working).
    if (note !== undefined) event('note', null, null, note.normalize('NFC'));
    if (next.status !== row.status) event('status', 'status', row.status, next.status);
    if (next.staff_id !== row.staff_id) {
      event('assignment', 'staff', row.staff_id ? row.staff_name : null, next.staff_id ? next.staff_name : null);
    }
    for (const [field, read] of EDITABLE) {
      if (read(next) !== read(row)) event('edit', field, read(row), read(next));
    }
    if (events.length === 0) return toInquiry(row);

    const changes: InquiryChanges = { ...editableColumns(next), updated_at: at };
    await updateInquiryRow(trx, id, changes);
    await insertInquiryEvents(
      trx,
      events.map((e) => ({ ...e, id: newId() })),
    );
    await ctx.notifier?.inquiryUpdated(trx, row, { ...next, updated_at: at }, user);
    return toInquiry({ ...next, updated_at: at });
  });
  ctx.notifier?.committed();
  return updated;
}

/** D9: soft delete, with who and when, and its event. */
export async function deleteInquiry(ctx: InquiryContext, user: AuthUser, id: string): Promise<void> {
  if (!isId(id)) throw notFound(INQUIRY_MESSAGES.notFound);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findInquiryById(trx, id);
    if (!row || !can(user, 'delete', row)) throw notFound(INQUIRY_MESSAGES.notFound);
    const at = now();
    if (!(await softDeleteInquiry(trx, id, user.id, at))) throw notFound(INQUIRY_MESSAGES.notFound);
    await insertInquiryEvents(trx, [
      {
        id: newId(),
        inquiry_id: id,
        ...actorOf(user, user.name),
        type: 'deleted',
        field: null,
        from_value: row.status,
        to_value: null,
        created_at: at,
      },
    ]);
  });
}

/**
 * D26's "Mark contacted": its note, and Working when the inquiry is New, in one transaction (a note without the
 * status change, or the other way round, would tell the next person a different story).
 */
export async function markInquiryContacted(ctx: InquiryContext, user: AuthUser, id: string): Promise<Inquiry> {
  const toWorking = (row: InquiryRow): UpdateInquiryData =>
    (canonicalStatus(row.status) ?? row.status) === 'New' ? { status: 'Working' } : {};
  return updateInquiry(ctx, user, id, toWorking, CONTACTED_NOTE);
}

/** D26: an internal note, appended to the inquiry's timeline (staff only; notes are never edited or removed). */
export async function addInquiryNote(
  ctx: InquiryContext,
  user: AuthUser,
  id: string,
  text: string,
): Promise<InquiryEvent> {
  const row = isId(id) ? await findInquiryById(ctx.db, id) : undefined;
  if (!row || !can(user, 'update', row)) throw notFound(INQUIRY_MESSAGES.notFound);
  const event: InquiryEventRow = {
    id: newId(),
    inquiry_id: id,
    ...actorOf(user, user.name),
    type: 'note',
    field: null,
    from_value: null,
    to_value: text.normalize('NFC'),
    created_at: now(),
  };
  // A note touches the inquiry: it is no longer waiting (D26's "untouched for more than 24 hours").
  await ctx.db.transaction().execute(async (trx) => {
    await insertInquiryEvents(trx, [event]);
    await updateInquiryRow(trx, id, { updated_at: event.created_at });
  });
  return toEvent(event, true);
}
