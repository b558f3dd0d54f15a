// Deterministic, realistic inquiry rows for the scale seed and benchmark (not the demo agency's data).
import { v7 } from 'uuid';
import { INQUIRY_STATUSES, HOTEL_TYPES } from '@safarnama/contract';
import type { NewInquiryRow } from '../../apps/api/src/inquiries/inquiry.repository';

const FIRST = [
  'Aarav',
  'Aditi',
  'Akash',
  'Ananya',
  'Arjun',
  'Asha',
  'Bhavna',
  'Chetan',
  'Deepa',
  'Dev',
  'Divya',
  'Farhan',
  'Gaurav',
  'Gita',
  'Harsh',
  'Isha',
  'Jaya',
  'Karan',
  'Kavya',
  'Kiran',
  'Lakshmi',
  'Manish',
  'Meera',
  'Mohit',
  'Naina',
  'Neha',
  'Nikhil',
  'Pooja',
  'Pranav',
  'Priya',
  'Rahul',
  'Ravi',
  'Riya',
  'Rohan',
  'Sahil',
  'Sanjay',
  'Shreya',
  'Siddharth',
  'Sneha',
  'Suresh',
  'Tanvi',
  'Tarun',
  'Uma',
  'Varun',
  'Vikram',
  'Vivek',
  'Yash',
  'Zoya',
  'Imran',
  'Fatima',
  'Joseph',
  'Maria',
  'Gurpreet',
  'Harpreet',
  'Anil',
  'Sunita',
  'Rekha',
  'Ajay',
  'Pallavi',
  'Om',
];
const LAST = [
  'Sharma',
  'Verma',
  'Gupta',
  'Mehta',
  'Patel',
  'Shah',
  'Iyer',
  'Nair',
  'Reddy',
  'Rao',
  'Singh',
  'Kaur',
  'Khan',
  'Ali',
  'Das',
  'Bose',
  'Banerjee',
  'Chatterjee',
  'Mukherjee',
  'Joshi',
  'Kulkarni',
  'Deshpande',
  'Pillai',
  'Menon',
  'Agarwal',
  'Jain',
  'Kapoor',
  'Malhotra',
  'Chopra',
  'Bhatia',
  'Saxena',
  'Srivastava',
  'Tiwari',
  'Mishra',
  'Pandey',
  'Yadav',
  'Chauhan',
  'Thakur',
  'Naidu',
  'Fernandes',
  'DSouza',
  'Gill',
  'Sethi',
  'Arora',
  'Khanna',
  'Bhatt',
];
const DOMAINS = ['gmail.com', 'yahoo.co.in', 'outlook.com', 'hotmail.com', 'rediffmail.com', 'icloud.com'];
const DESTINATIONS = [
  'Goa',
  'Manali',
  'Shimla',
  'Kashmir',
  'Leh Ladakh',
  'Kerala',
  'Munnar',
  'Alleppey',
  'Ooty',
  'Coorg',
  'Jaipur',
  'Udaipur',
  'Jaisalmer',
  'Jodhpur',
  'Agra',
  'Varanasi',
  'Rishikesh',
  'Haridwar',
  'Nainital',
  'Mussoorie',
  'Darjeeling',
  'Gangtok',
  'Shillong',
  'Andaman',
  'Lakshadweep',
  'Hampi',
  'Mysore',
  'Pondicherry',
  'Kodaikanal',
  'Spiti Valley',
  'Auli',
  'Kutch',
  'Mahabaleshwar',
  'Lonavala',
  'Khajuraho',
  'Amritsar',
  'Ranthambore',
  'Dubai',
  'Bali',
  'Thailand',
  'Maldives',
  'Singapore',
  'Malaysia',
  'Sri Lanka',
  'Nepal',
  'Bhutan',
  'Vietnam',
  'Europe',
  'Switzerland',
  'Mauritius',
];
const CITIES = [
  'Delhi',
  'Mumbai',
  'Bengaluru',
  'Chennai',
  'Kolkata',
  'Hyderabad',
  'Pune',
  'Ahmedabad',
  'Lucknow',
  'Kanpur',
  'Noida',
  'Gurugram',
  'Jaipur',
  'Chandigarh',
  'Indore',
  'Bhopal',
  'Patna',
  'Nagpur',
  'Surat',
  'Kochi',
];
const EXTRA = [
  '',
  '',
  '',
  'Honeymoon trip, prefer sea-view rooms',
  'Travelling with elderly parents',
  'Need airport pickup',
  'Vegetarian meals only',
  'Looking for adventure activities',
  'Flexible dates',
];
/** Pipeline-like spread of statuses: many New and Working, fewer far along. */
const STATUS_WEIGHTS: Record<(typeof INQUIRY_STATUSES)[number], number> = {
  New: 20,
  Working: 15,
  'Follow Up': 15,
  'Advance Received': 8,
  'Booking Pending': 7,
  Booked: 10,
  'Only Query': 10,
  Completed: 15,
};

export const SEED_STAFF = [
  'Anita Desai',
  'Rakesh Kumar',
  'Sunil Chhetri',
  'Pooja Hegde',
  'Vikas Khanna',
  'Ritu Phogat',
  'Amit Trivedi',
  'Kavita Krishnan',
  'Manoj Bajpai',
  'Shalini Pandey',
  'Deepak Chahar',
  'Nandini Rao',
  'Irfan Pathan',
  'Smita Patil',
  'Ramesh Babu',
  'Geeta Basra',
  'Kunal Kapoor',
  'Meenal Joshi',
  'Tushar Gandhi',
  'Lata Iyer',
].map((name) => ({ name, email: `${name.toLowerCase().replace(/\s+/g, '.')}@staff.seed.safarnama.example` }));

/** mulberry32: small, fast and good enough for fake data. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface GenerateOptions {
  count: number;
  seed: number;
  staff: readonly { id: string; name: string; email: string }[];
  /** The rows' creation times spread over this many years before `endMs`, oldest first. */
  years: number;
  endMs: number;
}

const SOURCES = ['website', 'website', 'website', 'phone', 'whatsapp', 'walk-in', 'referral', 'other'] as const;

/**
 * D26: a source for most rows (older ones "not recorded"), and a follow-up time for one open inquiry in ten,
 * from ten days before the end to twenty after it (so overdue, today and upcoming all hold rows).
 */
function workflowFields(rnd: () => number, status: string, endMs: number) {
  const open = !['Completed', 'Only Query', 'Booked'].includes(status);
  const followUp = open && rnd() < 0.1;
  return {
    source: rnd() < 0.8 ? SOURCES[Math.floor(rnd() * SOURCES.length)]! : null,
    follow_up_at: followUp ? Math.round(endMs + (rnd() * 30 - 10) * 24 * 3600 * 1000) : null,
  };
}

/** Yields `count` rows in creation order (as a real agency would have written them). */
export function* generateInquiries(opts: GenerateOptions): Generator<NewInquiryRow> {
  const rnd = prng(opts.seed);
  // D26's fields from a stream of their own, so the rows' other values stay what they were for a given seed.
  const workflowRnd = prng(opts.seed ^ 0x5eed26);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const statusTable = INQUIRY_STATUSES.flatMap((s) => Array<string>(STATUS_WEIGHTS[s]).fill(s));
  const span = opts.years * 365 * 24 * 3600 * 1000;
  const step = span / opts.count;
  let t = opts.endMs - span;
  for (let i = 0; i < opts.count; i++) {
    t += step * 2 * rnd();
    const created = Math.min(Math.round(t), opts.endMs);
    const first = pick(FIRST);
    const last = pick(LAST);
    const status = pick(statusTable);
    const assigned = status !== 'New' || rnd() < 0.4;
    const staff = assigned && opts.staff.length > 0 ? pick(opts.staff) : undefined;
    const adults = 1 + Math.floor(rnd() * 6);
    const nights = 2 + Math.floor(rnd() * 9);
    const budget = (10 + Math.floor(rnd() * 490)) * 1000 * 100;
    const priced = !['New', 'Only Query', 'Working'].includes(status);
    const tpc = priced ? Math.round(budget * (0.8 + rnd() * 0.4)) : 0;
    const paid = ['Advance Received', 'Booking Pending', 'Booked', 'Completed'].includes(status);
    const hotel = priced ? Math.round(tpc * 0.5) : 0;
    const cab = priced ? Math.round(tpc * 0.2) : 0;
    const updated = Math.min(created + Math.floor(rnd() * 20 * 24 * 3600 * 1000), opts.endMs);
    const deleted = rnd() < 0.01;
    yield {
      // Random bits from the seeded generator too, so one seed gives the same ids every time.
      id: v7({ msecs: created, random: Uint8Array.from({ length: 16 }, () => Math.floor(rnd() * 256)) }),
      customer_name: `${first} ${last}`,
      customer_email: `${first}.${last}${Math.floor(rnd() * 1000)}@${pick(DOMAINS)}`.toLowerCase(),
      customer_whatsapp: `+91 ${6 + Math.floor(rnd() * 4)}${String(Math.floor(rnd() * 1e9)).padStart(9, '0')}`,
      customer_user_id: null,
      staff_id: staff?.id ?? null,
      staff_name: staff?.name ?? '',
      staff_email: staff?.email ?? '',
      traveling_from: pick(CITIES),
      location: pick(DESTINATIONS),
      drop_city: rnd() < 0.5 ? pick(CITIES) : '',
      adults,
      kids: Math.floor(rnd() * 3),
      extra_info: pick(EXTRA),
      tour_duration: `${nights}N/${nights + 1}D`,
      hotel_type: rnd() < 0.2 ? null : pick(HOTEL_TYPES),
      budget_paise: budget,
      status,
      total_revenue_paise: priced ? tpc : 0,
      hotel_cost_paise: hotel,
      cab_cost_paise: cab,
      advance_paise: paid ? Math.round(tpc * 0.4) : 0,
      tpc_paise: tpc,
      created_at: created,
      updated_at: updated,
      deleted_at: deleted ? updated : null,
      deleted_by: deleted && staff ? staff.id : null,
      ...workflowFields(workflowRnd, status, opts.endMs),
    };
  }
}
