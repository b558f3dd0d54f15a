// The demo agency's inquiry pipeline (D12): about forty inquiries across every status and every back-office
// member (and unassigned), some from the demo customer, with money that fits each stage, and D26's day of work:
// sources, travel dates, Book Now's package, staff notes and follow-ups overdue, due today and to come. Inserted
// directly (the inquiry counters and search index follow through their triggers).
import {
  HOTEL_TYPES,
  kolkataDate,
  kolkataDayBounds,
  type InquirySource,
  type InquiryStatus,
} from '@safarnama/contract';
import type { Insertable } from 'kysely';
import type { DbOrTx, InquiriesTable, InquiryEventsTable } from '../db/database';
import { toIso } from '../lib/clock';
import { newId } from '../lib/ids';

export interface DemoPerson {
  id: string;
  name: string;
  email: string;
}

export interface DemoInquiryPeople {
  owner: DemoPerson;
  /** Every Staff member gets inquiries. */
  staff: readonly DemoPerson[];
  customer: DemoPerson;
  /** The demo catalogue: a website lead for a trip the catalogue has came through that package's Book Now. */
  packages?: readonly { id: string; name: string }[];
}

/** Where leads come from, in rough proportion: the website and WhatsApp bring most. */
const SOURCES: readonly InquirySource[] = [
  'website',
  'whatsapp',
  'phone',
  'website',
  'referral',
  'whatsapp',
  'walk-in',
  'website',
  'other',
];

/** What the staff write after a call or a message (D26 notes). */
const NOTES = [
  'Called: wants a quote by Friday',
  'Sent the quote on WhatsApp; they are comparing with another agency',
  'Asked for a sea-view room, checking with the hotel',
  'Customer will confirm the dates after talking to family',
];

const CUSTOMERS = [
  ['Rahul Sharma', 'Delhi'],
  ['Sneha Kulkarni', 'Pune'],
  ['Imran Khan', 'Lucknow'],
  ['Meera Pillai', 'Kochi'],
  ['Gurpreet Kaur', 'Chandigarh'],
  ['Arjun Reddy', 'Hyderabad'],
  ['Fatima Ali', 'Mumbai'],
  ['Vikram Singh', 'Jaipur'],
  ['Kavya Menon', 'Bengaluru'],
  ['Joseph Fernandes', 'Panaji'],
  ['Neha Agarwal', 'Kolkata'],
  ['Siddharth Bose', 'Kolkata'],
  ['Pooja Patel', 'Ahmedabad'],
  ['Harsh Malhotra', 'Gurugram'],
  ['Lakshmi Iyer', 'Chennai'],
  ['Nikhil Joshi', 'Indore'],
  ['Zoya Mirza', 'Bhopal'],
  ['Tarun Saxena', 'Noida'],
] as const;

const TRIPS = [
  { location: 'Kerala', drop: 'Kochi', duration: '5N/6D', perHead: 25_000 },
  { location: 'Leh Ladakh', drop: 'Leh', duration: '6N/7D', perHead: 38_500 },
  { location: 'Rajasthan', drop: 'Udaipur', duration: '7N/8D', perHead: 46_000 },
  { location: 'Goa', drop: 'Goa', duration: '3N/4D', perHead: 16_000 },
  { location: 'Andaman', drop: 'Port Blair', duration: '5N/6D', perHead: 43_000 },
  { location: 'Varanasi', drop: 'Varanasi', duration: '2N/3D', perHead: 12_500 },
  { location: 'Spiti Valley', drop: 'Manali', duration: '7N/8D', perHead: 35_000 },
  { location: 'Sikkim', drop: 'Bagdogra', duration: '5N/6D', perHead: 30_000 },
  { location: 'Kashmir', drop: 'Srinagar', duration: '5N/6D', perHead: 33_000 },
  { location: 'Rishikesh', drop: 'Dehradun', duration: '3N/4D', perHead: 15_000 },
  { location: 'Coorg', drop: 'Bengaluru', duration: '2N/3D', perHead: 14_000 },
  { location: 'Meghalaya', drop: 'Guwahati', duration: '5N/6D', perHead: 31_500 },
] as const;

const EXTRA = [
  '',
  'Honeymoon trip, prefer sea-view rooms',
  'Travelling with elderly parents, need a ground-floor room',
  'Vegetarian meals only',
  'Need airport pickup at night',
  '',
  'Looking for adventure activities',
  'Anniversary surprise, please arrange a cake',
  '',
  'Flexible dates in the school holidays',
];

/** Statuses in proportion to a real pipeline: every one present, most still open. */
const STATUS_CYCLE: readonly InquiryStatus[] = [
  'New',
  'Working',
  'Follow Up',
  'New',
  'Advance Received',
  'Booking Pending',
  'Booked',
  'Only Query',
  'Completed',
  'Working',
];

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const paise = (rupees: number) => Math.round(rupees) * 100;
const roundTo100 = (n: number) => Math.round(n / 100) * 100;

/**
 * Follow-ups spread over the buckets of "My follow-ups" and the list's filter, at office hours in India: the day
 * before or the one before that (overdue), this evening (or soon, late in the day), and in a few days.
 */
function followUpAt(k: number, now: number): number {
  const { start, end } = kolkataDayBounds(now);
  if (k % 3 === 0) return start - (1 + (k % 2)) * DAY + (k % 2 ? 16 : 10.5) * HOUR;
  if (k % 3 === 1) {
    const evening = start + 18 * HOUR;
    return evening > now + HOUR ? evening : Math.min(end - 60_000, now + 30 * 60_000);
  }
  return start + (2 + (k % 4)) * DAY + 11 * HOUR;
}

/** Money by stage: quotes appear once someone works on it, advances once confirmed, costs once booked. */
function moneyFor(status: InquiryStatus, tripCost: number) {
  const zero = { tpc: 0, advance: 0, revenue: 0, hotel: 0, cab: 0 };
  switch (status) {
    case 'New':
    case 'Only Query':
      return zero;
    case 'Working':
    case 'Follow Up':
      return { ...zero, tpc: tripCost };
    case 'Advance Received':
    case 'Booking Pending':
      return { tpc: tripCost, advance: roundTo100(tripCost * 0.4), revenue: tripCost, hotel: 0, cab: 0 };
    case 'Booked':
      return {
        tpc: tripCost,
        advance: roundTo100(tripCost * 0.4),
        revenue: tripCost,
        hotel: roundTo100(tripCost * 0.52),
        cab: roundTo100(tripCost * 0.16),
      };
    case 'Completed':
      return {
        tpc: tripCost,
        advance: tripCost,
        revenue: tripCost,
        hotel: roundTo100(tripCost * 0.55),
        cab: roundTo100(tripCost * 0.15),
      };
  }
}

/**
 * Inserts `count` demo inquiries (default 40) with their timeline events, created over the last ~75 days
 * before `now` (the newest within hours). Returns how many were inserted.
 */
export async function insertDemoInquiries(
  db: DbOrTx,
  people: DemoInquiryPeople,
  { count = 40, now = Date.now() }: { count?: number; now?: number } = {},
): Promise<number> {
  // Owner, each Staff member, and nobody: everyone gets a share of the pipeline.
  const handlers: (DemoPerson | null)[] = [...people.staff, people.owner, null];
  const inquiries: Insertable<InquiriesTable>[] = [];
  const events: Insertable<InquiryEventsTable>[] = [];
  let followUps = 0;

  for (let i = 0; i < count; i++) {
    const status = STATUS_CYCLE[i % STATUS_CYCLE.length]!;
    // New and Only Query inquiries are often not picked up yet.
    const staff = status === 'New' && i % 3 === 0 ? null : handlers[i % handlers.length]!;
    const fromCustomer = i % 7 === 2;
    const [customerName, city] = CUSTOMERS[i % CUSTOMERS.length]!;
    const name = fromCustomer ? people.customer.name : customerName;
    const email = fromCustomer
      ? people.customer.email
      : `${customerName.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`;
    const trip = TRIPS[(i * 5) % TRIPS.length]!;
    const adults = 1 + ((i * 3) % 5);
    const kids = i % 4 === 1 ? 1 + (i % 2) : 0;
    const tripCost = roundTo100(trip.perHead * (adults + kids * 0.5) * (1 + ((i % 3) - 1) * 0.08));
    const budget = roundTo100(tripCost * (0.85 + (i % 5) * 0.08));
    const money = moneyFor(status, tripCost);
    const createdAt =
      i < 5 ? now - i * 2.5 * 3600 * 1000 - 60_000 : now - (i / count) * 75 * DAY - (i % 7) * 3600 * 1000;
    const updatedAt = status === 'New' ? createdAt : Math.min(now - 30_000, createdAt + (1 + (i % 6)) * DAY * 0.7);
    const id = newId();
    const source = fromCustomer ? 'website' : SOURCES[i % SOURCES.length]!;
    const pkg =
      source === 'website'
        ? people.packages?.find((p) => trip.location.split(' ').some((w) => p.name.includes(w)))
        : undefined;
    // Trips are weeks ahead; a completed one is over; a bare query names no date.
    const travelDate =
      status === 'Only Query' || (status === 'New' && i % 2 === 1)
        ? null
        : status === 'Completed'
          ? kolkataDate(Math.min(createdAt + 10 * DAY, now - 2 * DAY))
          : kolkataDate(Math.max(createdAt, now) + (12 + ((i * 7) % 60)) * DAY);
    // Set on a call days ago, so even an overdue one comes after the inquiry.
    const follow =
      staff && createdAt < now - 3 * DAY && (status === 'Follow Up' || (status === 'Working' && i % 2 === 1))
        ? followUpAt(followUps++, now)
        : null;

    inquiries.push({
      id,
      customer_name: name,
      customer_email: email,
      customer_whatsapp: `+91 9${String(810000000 + i * 7919).slice(0, 4)} ${String(10000 + i * 373).slice(-5)}`,
      customer_user_id: fromCustomer ? people.customer.id : null,
      staff_id: staff?.id ?? null,
      staff_name: staff?.name ?? '',
      staff_email: staff?.email ?? '',
      traveling_from: fromCustomer ? 'Bengaluru' : city,
      location: trip.location,
      drop_city: trip.drop,
      adults,
      kids,
      extra_info: EXTRA[i % EXTRA.length]!,
      tour_duration: trip.duration,
      hotel_type: i % 4 === 3 ? null : HOTEL_TYPES[i % HOTEL_TYPES.length]!,
      budget_paise: paise(budget),
      status,
      total_revenue_paise: paise(money.revenue),
      hotel_cost_paise: paise(money.hotel),
      cab_cost_paise: paise(money.cab),
      advance_paise: paise(money.advance),
      tpc_paise: paise(money.tpc),
      travel_date: travelDate,
      source,
      package_id: pkg?.id ?? null,
      package_title: pkg?.name ?? null,
      follow_up_at: follow,
      created_at: Math.round(createdAt),
      updated_at: Math.round(updatedAt),
      deleted_at: null,
      deleted_by: null,
    });

    const event = (type: InquiryEventsTable['type'], at: number, actor: DemoPerson | null, extra = {}) =>
      events.push({
        id: newId(),
        inquiry_id: id,
        actor_id: actor?.id ?? null,
        actor_name: actor?.name ?? name,
        type,
        field: null,
        from_value: null,
        to_value: null,
        created_at: Math.round(at),
        ...extra,
      });
    event('created', createdAt, fromCustomer ? people.customer : null);
    const worker = staff ?? people.owner;
    if (staff) {
      const assignedAt = Math.min(createdAt + 0.2 * DAY, now - 45_000);
      event('assignment', assignedAt, people.owner, { field: 'staff', to_value: staff.name });
    }
    if (status !== 'New') {
      event('status', updatedAt, worker, { field: 'status', from_value: 'New', to_value: status });
      if (i % 3 === 0) event('note', updatedAt + 1000, worker, { to_value: NOTES[(i / 3) % NOTES.length]! });
    }
    if (follow !== null) {
      const setAt = Math.min(updatedAt + 2000, now - 15_000);
      event('edit', setAt, worker, { field: 'followUpAt', to_value: toIso(follow) });
    }
  }

  // Chunks keep each statement well under SQLite's and PostgreSQL's bound-parameter limits.
  for (let at = 0; at < inquiries.length; at += 20) {
    await db
      .insertInto('inquiries')
      .values(inquiries.slice(at, at + 20))
      .execute();
  }
  for (let at = 0; at < events.length; at += 50) {
    await db
      .insertInto('inquiry_events')
      .values(events.slice(at, at + 50))
      .execute();
  }
  return inquiries.length;
}
