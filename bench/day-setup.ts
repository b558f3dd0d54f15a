// bench:day's ground: a database with the demo catalogue (packages, backgrounds, their images) and N seeded
// inquiries, the bench's own Staff and Owner accounts with known passwords, the built server on it, and a working
// set of papers made through the API as staff and customers make them (quotations sent, some accepted, advances
// paid, supplier bookings requested), plus what the load needs to name: trip tokens, payments, package ids.
import crypto from 'node:crypto';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { kolkataDate } from '@safarnama/contract/payments-rules';
import { openDatabase } from '../apps/api/src/db/connection';
import type { Engine } from '../apps/api/src/db/dialect';
import { hashPassword } from '../apps/api/src/auth/password-hash';
import { newId } from '../apps/api/src/lib/ids';
import { findUserByEmail, insertUser, newAccountRow } from '../apps/api/src/users/user.repository';
import { root, startPinned, stop, waitFor } from './lib';
import { fmt, prepareTarget, type Target } from './seeded-app';

/** The bench's logins: made (or their password reset) on every run, so a reused database works too. */
const BENCH_PASSWORD = 'Bench-day-password-1';
const ACCOUNTS = { staff: 'bench-day-staff@bench.example', owner: 'bench-day-owner@bench.example' } as const;

export const serverEnv = (target: Target, port: number, extra: Record<string, string> = {}) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: target.dataDir,
  DATABASE_URL: target.databaseUrl ?? '',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_FACTOR: '1000000',
  API_DOCS: 'false',
  ...extra,
});

const serverArgs = [path.join(root, 'apps/api/dist/server.js')];

/** A seeded (or reused) database with the demo catalogue: the built server seeds it once on the empty database. */
export async function prepareDay(
  engine: Engine,
  opts: { count: number; reuse?: string; keep?: boolean; port: number },
): Promise<Target> {
  return prepareTarget(engine, {
    name: 'day',
    count: opts.count,
    reuse: opts.reuse,
    keep: opts.keep,
    async beforeSeed(where) {
      const target = { ...where, drop: async () => undefined };
      const server = startPinned(serverArgs, serverEnv(target, opts.port, { SEED_DEMO: 'true' }));
      try {
        await waitFor(`http://127.0.0.1:${opts.port}/readyz`);
      } finally {
        await stop(server);
      }
    },
  });
}

/** The bench's Staff and Owner accounts, verified, with the bench's password (reset if they exist). */
export async function ensureBenchAccounts(target: Target) {
  const handle = openDatabase({ DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl });
  try {
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    for (const [role, email] of [
      ['Staff', ACCOUNTS.staff],
      ['Owner', ACCOUNTS.owner],
    ] as const) {
      const found = await findUserByEmail(handle.db, email);
      if (found) {
        await handle.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', found.id).execute();
        continue;
      }
      const at = Date.now();
      const name = `Bench ${role}`;
      await insertUser(handle.db, newAccountRow({ id: newId(), name, email, passwordHash, role, verified: true, at }));
    }
    const packages = await handle.db.selectFrom('packages').select('id').execute();
    if (packages.length === 0) throw new Error('the database has no packages: seed it with bench:day, not reused');
  } finally {
    await handle.db.destroy();
  }
}

export function startServer(target: Target, port: number, metricsToken: string): ChildProcess {
  return startPinned(serverArgs, serverEnv(target, port, { SEED_DEMO: 'false', METRICS_TOKEN: metricsToken }));
}

/** A tiny client of the running server for the setup (not timed). */
export function client(base: string) {
  return async function call<T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token?: string,
    body?: unknown,
  ): Promise<{ status: number; json: T }> {
    const res = await fetch(base + url, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: (text ? JSON.parse(text) : null) as T };
  };
}

export async function login(base: string, who: keyof typeof ACCOUNTS) {
  const call = client(base);
  const res = await call<{ token: string; user: { _id: string } }>('POST', '/api/auth/login', undefined, {
    email: ACCOUNTS[who],
    password: BENCH_PASSWORD,
  });
  if (res.status !== 200) throw new Error(`login as ${who}: ${res.status} ${JSON.stringify(res.json)}`);
  return { token: res.json.token, id: res.json.user._id };
}

/** Runs `fn` over `items`, `limit` at a time. */
async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

/**
 * A day's proportions among the inquiries given papers: every one is quoted and sent; 40% accepted by the
 * customer (an agency converts a third to a half of its quotations); of those 90% pay an advance and 70% have
 * their suppliers' bookings requested.
 */
const ACCEPTED = 0.4;
const PAID = 0.9;
const BOOKED = 0.7;

/**
 * Gives `wanted` inquiries their papers through the API, minus those a reused database has already; answers how
 * many inquiries now have a quotation, an acceptance, a payment and a booking.
 */
export async function ensurePapers(base: string, target: Target, staff: { token: string; id: string }, wanted: number) {
  const handle = openDatabase({ DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl });
  let ids: string[];
  try {
    const have = Number(
      (
        await handle.db
          .selectFrom('quotes')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    ids = (
      await handle.db
        .selectFrom('inquiries')
        .select('id')
        .where('deleted_at', 'is', null)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('quotes').select('quotes.id').whereRef('quotes.inquiry_id', '=', 'inquiries.id'))),
        )
        .orderBy('created_at', 'desc')
        .limit(Math.max(0, wanted - have))
        .execute()
    ).map((r) => r.id);
  } finally {
    await handle.db.destroy();
  }
  const call = client(base);
  const must = async <T>(what: string, p: Promise<{ status: number; json: T }>, ok = [200, 201]) => {
    const res = await p;
    if (!ok.includes(res.status)) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.json).slice(0, 300)}`);
    return res.json;
  };
  const supplier = async (kind: string, name: string) =>
    must(
      `supplier ${name}`,
      call<{ _id: string }>('POST', '/api/suppliers', staff.token, {
        kind,
        name: `${name} ${crypto.randomBytes(3).toString('hex')}`,
        city: 'Manali',
        contactPerson: 'Desk',
        phone: '+91 98160 12345',
        email: 'desk@supplier.example',
        notes: '',
      }),
    );
  const hotel = ids.length ? await supplier('hotel', 'Snow Valley Resort') : undefined;
  const cab = ids.length ? await supplier('cab', 'Himalayan Wheels') : undefined;
  const started = performance.now();
  let done = 0;
  // A fixed pattern rather than chance, so that the proportions hold at any count: two in every five inquiries
  // accepted, and of those nine in ten paid and seven in ten booked.
  let acceptedSoFar = 0;
  const plan = ids.map((_, i) => {
    const accepted = i % 5 < 5 * ACCEPTED;
    const k = accepted ? acceptedSoFar++ : -1;
    return { accepted, paid: accepted && k % 10 < 10 * PAID, booked: accepted && k % 10 < 10 * BOOKED };
  });
  await eachLimit(ids, 4, async (id, i) => {
    const { accepted, paid, booked } = plan[i]!;
    const travelDate = kolkataDate(Date.now() + (30 + (i % 90)) * 86_400_000);
    await must(
      'assign',
      call('PUT', `/api/inquiries/${id}`, staff.token, { staff: { id: staff.id }, travelDate, noOfAdults: 2 }),
    );
    const quote = await must('quote', call<{ _id: string }>('POST', `/api/inquiries/${id}/quotes`, staff.token));
    const lines = [
      {
        kind: 'hotel',
        description: 'Deluxe room, 4 nights',
        supplierId: hotel!._id,
        quantity: 4,
        unitCost: 4000,
        unitPrice: 5200,
      },
      {
        kind: 'cab',
        description: 'Innova, 5 days',
        supplierId: cab!._id,
        quantity: 1,
        unitCost: 18000,
        unitPrice: 21500,
      },
      { kind: 'activity', description: 'Paragliding', quantity: 2, unitCost: 2500, unitPrice: 3100 },
    ];
    await must('lines', call('PUT', `/api/quotes/${quote._id}`, staff.token, { lines }));
    const sent = await must('send', call<{ url: string }>('POST', `/api/quotes/${quote._id}/send`, staff.token));
    const token = sent.url.split('/trip/')[1]!;
    if (accepted) await must('accept', call('POST', `/api/trips/${token}/accept`, undefined, { name: 'Meera Pillai' }));
    if (paid) {
      await must(
        'payment',
        call('POST', `/api/inquiries/${id}/payments`, staff.token, {
          amount: 10_000,
          mode: 'cash',
          receivedAt: new Date().toISOString(),
        }),
      );
    }
    if (booked) await must('bookings', call('POST', `/api/inquiries/${id}/bookings`, staff.token));
    if (++done % 250 === 0)
      console.info(`  papers for ${fmt(done)} inquiries, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  });
  return countPapers(target);
}

async function countPapers(target: Target) {
  const handle = openDatabase({ DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl });
  try {
    const count = async (table: 'quotes' | 'payments' | 'supplier_bookings' | 'inquiries') =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const accepted = Number(
      (
        await handle.db
          .selectFrom('quote_versions')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('status', '=', 'accepted')
          .executeTakeFirstOrThrow()
      ).n,
    );
    return {
      inquiries: await count('inquiries'),
      quotes: await count('quotes'),
      accepted,
      payments: await count('payments'),
      bookings: await count('supplier_bookings'),
    };
  } finally {
    await handle.db.destroy();
  }
}

/** What the load names: packages, trip tokens (rotated now, the old ones stop working), payments, quoted inquiries. */
export async function loadTargets(base: string, target: Target, staffToken: string) {
  const handle = openDatabase({ DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl });
  let packages: string[];
  let quoted: string[];
  let payments: string[];
  let inquiries: string[];
  try {
    packages = (await handle.db.selectFrom('packages').select('id').execute()).map((r) => r.id);
    quoted = (await handle.db.selectFrom('trip_links').select('inquiry_id').limit(200).execute()).map(
      (r) => r.inquiry_id,
    );
    payments = (await handle.db.selectFrom('payments').select('id').limit(200).execute()).map((r) => r.id);
    // Inquiries staff open and edit: spread over the table (every 97th by id), not only the newest.
    inquiries = (
      await handle.db
        .selectFrom('inquiries')
        .select('id')
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .limit(200_000)
        .execute()
    )
      .filter((_, i) => i % 97 === 0)
      .slice(0, 2000)
      .map((r) => r.id);
  } finally {
    await handle.db.destroy();
  }
  const call = client(base);
  const tokens: string[] = [];
  for (const id of quoted) {
    const res = await call<{ url: string }>('POST', `/api/inquiries/${id}/trip-link`, staffToken);
    if (res.status !== 200) throw new Error(`trip link: ${res.status}`);
    tokens.push(res.json.url.split('/trip/')[1]!);
  }
  return { packages, tokens, payments, quoted, inquiries };
}
