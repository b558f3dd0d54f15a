// Issue 8, item 1, decisions §6: every route Fastify registered × anonymous, Customer A, Customer B, Staff, a removed
// Staff member and the Owner → the expected status. The routes come from the route table, so a route
// added without a row here fails; a row whose route is gone fails too. Allowed callers make a real,
// successful request. Then every id-bearing route is swept with ids that belong to someone or something
// else, and nothing may change.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../helper';
import { bearer, createUser } from '../factories';
import { GOOD_PASSWORD, checkThenClose, createAccountsTestApp, type AccountsTestApp } from '../accounts-kit';
import { makePng, multipart, packageFields } from '../upload-kit';
import { newId } from '../../lib/ids';
import { createSupplierViaApi, supplierBody } from '../supplier-kit';
import { unsubscribeToken } from '../../notifications/notification.service';
import {
  PRINCIPALS,
  createPrincipals,
  expectNoStoredSecretsInResponses,
  headersOf,
  recordFigures,
  registeredRoutes,
  routeKey,
  type Principal,
  type Principals,
} from './security-kit';

type Expected = Record<Principal, number>;

/** Public: the token is not even read, so a removed member's stale token changes nothing. */
const PUBLIC = (ok: number): Expected => ({
  anonymous: ok,
  customerA: ok,
  customerB: ok,
  staff: ok,
  removedStaff: ok,
  owner: ok,
});
const ANY_USER = (ok: number): Expected => ({
  anonymous: 401,
  customerA: ok,
  customerB: ok,
  staff: ok,
  removedStaff: 401,
  owner: ok,
});
const BACK_OFFICE = (ok: number): Expected => ({
  anonymous: 401,
  customerA: 403,
  customerB: 403,
  staff: ok,
  removedStaff: 401,
  owner: ok,
});
const OWNER_ONLY = (ok: number): Expected => ({
  anonymous: 401,
  customerA: 403,
  customerB: 403,
  staff: 403,
  removedStaff: 401,
  owner: ok,
});

interface Ctx {
  t: AccountsTestApp;
  p: Principals;
  /** An inquiry Customer A sent while logged in (D5: theirs). */
  inquiryOfA: () => Promise<string>;
  packageId: () => Promise<string>;
  backgroundId: () => Promise<string>;
  fresh: (prefix: string) => string;
}

interface Row {
  expected: Expected;
  /** The request `who` makes; allowed callers get a request that succeeds. */
  request: (ctx: Ctx, who: Principal) => Promise<InjectOptions>;
}

const inquiryBody = (email: string) => ({
  name: 'Matrix Visitor',
  email,
  whatsappNumber: '+91 98765 43210',
  location: 'Jaipur',
  noOfAdults: 2,
  budget: 50000,
});

/**
 * A throw-away account of the caller's role with an e-mail change waiting for its code (D21), so the shared
 * principals keep their e-mails; undefined for callers who cannot have one.
 */
async function withPendingEmail({ t, fresh }: Ctx, who: Principal) {
  if (who === 'anonymous' || who === 'removedStaff') return undefined;
  const role = who === 'owner' ? 'Owner' : who === 'staff' ? 'Staff' : 'Customer';
  const user = await createUser(t, { role });
  const pendingEmail = fresh('new-email');
  const res = await t.api({
    method: 'PUT',
    url: '/api/profile',
    headers: bearer(user.token),
    payload: { name: user.name, email: pendingEmail, currentPassword: user.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { pendingEmail, headers: bearer(user.token) };
}

const get = (url: string) => async (): Promise<InjectOptions> => ({ method: 'GET', url });

async function packageForm() {
  return multipart([...packageFields(), { name: 'images', file: await makePng(64, 48) }]);
}

/** D30: a quotation on a fresh inquiry of Customer A, priced by the Owner; `send` sends it and answers its token. */
async function quoteOfA({ t, p, inquiryOfA }: Ctx, send = false) {
  const asOwner = bearer(p.owner.token);
  const inquiryId = await inquiryOfA();
  const created = await t.api({ method: 'POST', url: `/api/inquiries/${inquiryId}/quotes`, headers: asOwner });
  expect(created.statusCode, created.body).toBe(201);
  const quoteId = created.json()._id as string;
  const lines = [{ kind: 'hotel', description: 'Hotel', quantity: 2, unitCost: 3000, unitPrice: 4000 }];
  const priced = await t.api({ method: 'PUT', url: `/api/quotes/${quoteId}`, headers: asOwner, payload: { lines } });
  expect(priced.statusCode, priced.body).toBe(200);
  if (!send) return { inquiryId, quoteId, token: '' };
  const sent = await t.api({ method: 'POST', url: `/api/quotes/${quoteId}/send`, headers: asOwner });
  expect(sent.statusCode, sent.body).toBe(200);
  return { inquiryId, quoteId, token: String(sent.json().url).split('/trip/')[1]! };
}

/** D32: one invoice with a credit note of Customer A, for the rows that only read it (made once per engine). */
const readOnlyPapers = new WeakMap<Ctx, ReturnType<typeof invoiceOfA>>();
function papersOfA(ctx: Ctx) {
  if (!readOnlyPapers.has(ctx)) readOnlyPapers.set(ctx, invoiceOfA(ctx, true));
  return readOnlyPapers.get(ctx)!;
}

/** D32: an invoice of Customer A's accepted quotation, issued by the Owner (a plain one: the matrix has no GSTIN). */
async function invoiceOfA(ctx: Ctx, withCreditNote = false) {
  const { t, p } = ctx;
  const { inquiryId, token } = await quoteOfA(ctx, true);
  const accepted = await t.api({ method: 'POST', url: `/api/trips/${token}/accept`, payload: { name: 'Matrix A' } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const asOwner = bearer(p.owner.token);
  const issued = await t.api({
    method: 'POST',
    url: `/api/inquiries/${inquiryId}/invoices`,
    headers: asOwner,
    payload: {},
  });
  expect(issued.statusCode, issued.body).toBe(201);
  const invoiceId = issued.json()._id as string;
  let creditNoteId = '';
  if (withCreditNote) {
    const noted = await t.api({
      method: 'POST',
      url: `/api/invoices/${invoiceId}/credit-notes`,
      headers: asOwner,
      payload: { amount: 100, reason: 'Matrix' },
    });
    expect(noted.statusCode, noted.body).toBe(201);
    creditNoteId = noted.json().creditNotes[0]._id as string;
  }
  return { inquiryId, token, invoiceId, creditNoteId };
}

let utrSeq = 0;
/** A 12-digit UTR no other request used. */
const freshUtr = () => String(700_000_000_000 + ++utrSeq + Math.floor(Math.random() * 1_000_000) * 1000);

/** D31: Customer A's quotation, accepted through the trip link, with its schedule's instalment ids. */
async function acceptedOfA(ctx: Ctx) {
  const q = await quoteOfA(ctx, true);
  const accepted = await ctx.t.api({
    method: 'POST',
    url: `/api/trips/${q.token}/accept`,
    payload: { name: 'Matrix' },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const instalments = await ctx.t.app.db
    .selectFrom('instalments')
    .select('id')
    .where('inquiry_id', '=', q.inquiryId)
    .orderBy('position')
    .execute();
  return { ...q, instalmentId: instalments[0]!.id };
}

/** D31: a verified cash payment on an accepted inquiry of Customer A, recorded by the Owner. */
async function paymentOfA(ctx: Ctx) {
  const a = await acceptedOfA(ctx);
  const res = await ctx.t.api({
    method: 'POST',
    url: `/api/inquiries/${a.inquiryId}/payments`,
    headers: bearer(ctx.p.owner.token),
    payload: { amount: 100, mode: 'cash', receivedAt: new Date().toISOString() },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...a, paymentId: res.json().payment._id as string };
}

/** D31: a customer's claim waiting on an accepted inquiry of Customer A. */
async function claimOfA(ctx: Ctx) {
  const a = await acceptedOfA(ctx);
  const res = await ctx.t.api({
    method: 'POST',
    url: `/api/trips/${a.token}/instalments/${a.instalmentId}/claim`,
    payload: { utr: freshUtr() },
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = await ctx.t.app.db
    .selectFrom('payments')
    .select('id')
    .where('inquiry_id', '=', a.inquiryId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** D33: Customer A's inquiry accepted with a line from a new supplier, its booking requested by the Owner. */
async function bookingOfA(ctx: Ctx) {
  const { t, p } = ctx;
  const asOwner = bearer(p.owner.token);
  const supplier = await createSupplierViaApi(t.app, p.owner.token);
  const { inquiryId, quoteId } = await quoteOfA(ctx);
  const lines = [
    { kind: 'hotel', description: 'Hotel', supplierId: supplier._id, quantity: 2, unitCost: 3000, unitPrice: 4000 },
  ];
  expect(
    (await t.api({ method: 'PUT', url: `/api/quotes/${quoteId}`, headers: asOwner, payload: { lines } })).statusCode,
  ).toBe(200);
  const sent = await t.api({ method: 'POST', url: `/api/quotes/${quoteId}/send`, headers: asOwner });
  const tripToken = String(sent.json().url).split('/trip/')[1]!;
  const accepted = await t.api({ method: 'POST', url: `/api/trips/${tripToken}/accept`, payload: { name: 'Matrix' } });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const booked = await t.api({ method: 'POST', url: `/api/inquiries/${inquiryId}/bookings`, headers: asOwner });
  expect(booked.statusCode, booked.body).toBe(200);
  const list = booked.json() as { bookings: { _id: string }[]; sent: { url: string }[] };
  return {
    inquiryId,
    tripToken,
    bookingId: list.bookings[0]!._id,
    token: list.sent[0]!.url.split('/supplier/')[1]!,
  };
}

/** Issue 53: a hotel booking of Customer A's inquiry, confirmed by its supplier, so it has a voucher. */
async function voucherOfA(ctx: Ctx) {
  const booking = await bookingOfA(ctx);
  const answered = await ctx.t.api({
    method: 'POST',
    url: `/api/supplier-links/${booking.token}`,
    payload: { action: 'confirm', confirmationNumber: 'MATRIX-V' },
  });
  expect(answered.statusCode, answered.body).toBe(200);
  return booking;
}

/** decisions §6, one row per registered route. */
const ROWS: Record<string, Row> = {
  'GET /healthz': { expected: PUBLIC(200), request: get('/healthz') },
  'GET /readyz': { expected: PUBLIC(200), request: get('/readyz') },
  'GET /api/site': { expected: PUBLIC(200), request: get('/api/site') },
  // D20: the OpenAPI docs are public while API_DOCS is on (the tests run with it on).
  'GET /api/docs': { expected: PUBLIC(200), request: get('/api/docs') },
  'GET /api/docs/': { expected: PUBLIC(200), request: get('/api/docs/') },
  'GET /api/docs/json': { expected: PUBLIC(200), request: get('/api/docs/json') },
  'GET /api/docs/yaml': { expected: PUBLIC(200), request: get('/api/docs/yaml') },
  'GET /api/docs/static/index.html': { expected: PUBLIC(302), request: get('/api/docs/static/index.html') },
  'GET /api/docs/static/swagger-initializer.js': {
    expected: PUBLIC(200),
    request: get('/api/docs/static/swagger-initializer.js'),
  },
  'GET /api/docs/*': { expected: PUBLIC(200), request: get('/api/docs/static/swagger-ui.css') },
  // Static files: /uploads and, when built, the web app; a missing file is a 404 for everyone.
  'GET *': { expected: PUBLIC(404), request: get(`/uploads/${newId()}-960.webp`) },

  'POST /api/auth/register': {
    expected: PUBLIC(201),
    request: async ({ fresh }, who) => ({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: `Reg ${who}`, email: fresh('reg'), password: GOOD_PASSWORD },
    }),
  },
  'POST /api/auth/verify-otp': {
    expected: PUBLIC(200),
    request: async ({ t, fresh }) => {
      const email = fresh('verify');
      await t.api({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'V', email, password: GOOD_PASSWORD },
      });
      return {
        method: 'POST',
        url: '/api/auth/verify-otp',
        payload: { email, otp: t.smtp.latestOtp(email), password: GOOD_PASSWORD },
      };
    },
  },
  'POST /api/auth/resend-otp': {
    expected: PUBLIC(200),
    request: async ({ t, fresh }) => {
      const email = fresh('resend');
      await t.api({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'R', email, password: GOOD_PASSWORD },
      });
      // Past the 60 s cool-down (D3).
      await t.app.db
        .updateTable('otp_challenges')
        .set((eb) => ({ created_at: eb('created_at', '-', 61_000) }))
        .execute();
      return { method: 'POST', url: '/api/auth/resend-otp', payload: { email } };
    },
  },
  'POST /api/auth/login': {
    expected: PUBLIC(200),
    request: async ({ t }) => {
      const user = await createUser(t, { role: 'Customer' });
      return { method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: user.password } };
    },
  },
  'POST /api/auth/logout': {
    expected: ANY_USER(200),
    request: async ({ t }, who) => {
      // A throw-away account of the caller's role, so the shared tokens stay valid.
      if (who === 'anonymous' || who === 'removedStaff') return { method: 'POST', url: '/api/auth/logout' };
      const role = who === 'owner' ? 'Owner' : who === 'staff' ? 'Staff' : 'Customer';
      const user = await createUser(t, { role });
      return { method: 'POST', url: '/api/auth/logout', headers: bearer(user.token) };
    },
  },
  'POST /api/auth/forgot-password': {
    expected: PUBLIC(200),
    request: async ({ p }, who) => ({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: who === 'anonymous' ? 'nobody@example.com' : p[who].email },
    }),
  },
  'POST /api/auth/reset-password': {
    expected: PUBLIC(200),
    request: async ({ t }) => {
      // A throw-away account, so the shared principals keep their passwords and tokens.
      const user = await createUser(t, { role: 'Customer' });
      await t.api({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
      return {
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { email: user.email, otp: t.smtp.latestOtp(user.email), password: GOOD_PASSWORD },
      };
    },
  },
  'GET /api/auth/staff': { expected: BACK_OFFICE(200), request: get('/api/auth/staff') },
  'GET /api/auth/staff/former': { expected: OWNER_ONLY(200), request: get('/api/auth/staff/former') },
  'GET /api/auth/handlers': { expected: BACK_OFFICE(200), request: get('/api/auth/handlers') },
  'POST /api/auth/staff': {
    expected: OWNER_ONLY(201),
    request: async ({ fresh }) => ({
      method: 'POST',
      url: '/api/auth/staff',
      payload: { name: 'New Staff', email: fresh('staff'), password: GOOD_PASSWORD },
    }),
  },
  'DELETE /api/auth/staff/:id': {
    expected: OWNER_ONLY(200),
    request: async ({ t }) => ({
      method: 'DELETE',
      url: `/api/auth/staff/${(await createUser(t, { role: 'Staff' })).id}`,
    }),
  },
  'GET /api/profile': { expected: ANY_USER(200), request: get('/api/profile') },
  'PUT /api/profile': {
    expected: ANY_USER(200),
    request: async ({ p }, who) => {
      const me = who === 'anonymous' ? { name: 'Nobody', email: 'nobody@example.com' } : p[who];
      return { method: 'PUT', url: '/api/profile', payload: { name: me.name, email: me.email } };
    },
  },
  'POST /api/profile/verify-email': {
    expected: ANY_USER(200),
    request: async (ctx, who) => {
      const own = await withPendingEmail(ctx, who);
      if (!own) return { method: 'POST', url: '/api/profile/verify-email', payload: { otp: '123456' } };
      const otp = ctx.t.smtp.latestOtp(own.pendingEmail);
      return { method: 'POST', url: '/api/profile/verify-email', payload: { otp }, headers: own.headers };
    },
  },
  'POST /api/profile/resend-email-code': {
    expected: ANY_USER(200),
    request: async (ctx, who) => {
      const own = await withPendingEmail(ctx, who);
      if (!own) return { method: 'POST', url: '/api/profile/resend-email-code' };
      // Past the 60 s cool-down.
      await ctx.t.app.db
        .updateTable('otp_challenges')
        .set((eb) => ({ created_at: eb('created_at', '-', 61_000) }))
        .execute();
      return { method: 'POST', url: '/api/profile/resend-email-code', headers: own.headers };
    },
  },
  'DELETE /api/profile/pending-email': {
    expected: ANY_USER(200),
    request: async (ctx, who) => {
      const own = await withPendingEmail(ctx, who);
      return { method: 'DELETE', url: '/api/profile/pending-email', ...(own ? { headers: own.headers } : {}) };
    },
  },

  'GET /api/packages': { expected: PUBLIC(200), request: get('/api/packages') },
  'GET /api/packages/search': { expected: PUBLIC(200), request: get('/api/packages/search?search=kerala&minPrice=0') },
  'GET /api/packages/:id': {
    expected: PUBLIC(200),
    request: async ({ packageId }) => ({ method: 'GET', url: `/api/packages/${await packageId()}` }),
  },
  'POST /api/packages': {
    expected: OWNER_ONLY(201),
    request: async () => {
      const form = await packageForm();
      return { method: 'POST', url: '/api/packages', payload: form.payload, headers: form.headers };
    },
  },
  'PUT /api/packages/:id': {
    expected: OWNER_ONLY(200),
    request: async ({ packageId }) => {
      const form = multipart(packageFields({ name: 'Renamed by the matrix' }));
      return { method: 'PUT', url: `/api/packages/${await packageId()}`, payload: form.payload, headers: form.headers };
    },
  },
  'DELETE /api/packages/:id': {
    expected: OWNER_ONLY(200),
    request: async ({ packageId }) => ({ method: 'DELETE', url: `/api/packages/${await packageId()}` }),
  },
  'GET /api/backgrounds': { expected: PUBLIC(200), request: get('/api/backgrounds') },
  // D28: a package's brochure, and what crawlers read.
  'GET /api/packages/:id/brochure.pdf': {
    expected: PUBLIC(200),
    request: async ({ packageId }) => ({ method: 'GET', url: `/api/packages/${await packageId()}/brochure.pdf` }),
  },
  'GET /robots.txt': { expected: PUBLIC(200), request: get('/robots.txt') },
  'GET /manifest.webmanifest': { expected: PUBLIC(200), request: get('/manifest.webmanifest') },
  // A stored image's link preview (og:image), made on first request.
  'GET /uploads/previews/:file': {
    expected: PUBLIC(200),
    request: async ({ t, packageId }) => {
      const pkg = (await t.api({ method: 'GET', url: `/api/packages/${await packageId()}` })).json<{
        images: string[];
      }>();
      const key = /([0-9a-f-]{36})-\d+\.webp$/.exec(pkg.images[0]!)![1]!;
      return { method: 'GET', url: `/uploads/previews/${key}.jpg` };
    },
  },
  'GET /sitemap.xml': { expected: PUBLIC(200), request: get('/sitemap.xml') },
  'POST /api/backgrounds': {
    expected: OWNER_ONLY(201),
    request: async () => {
      const form = multipart([{ name: 'images', file: await makePng(64, 48) }]);
      return { method: 'POST', url: '/api/backgrounds', payload: form.payload, headers: form.headers };
    },
  },
  'DELETE /api/backgrounds/:id': {
    expected: OWNER_ONLY(200),
    request: async ({ backgroundId }) => ({ method: 'DELETE', url: `/api/backgrounds/${await backgroundId()}` }),
  },

  'POST /api/inquiries/createPublic': {
    expected: PUBLIC(201),
    request: async ({ fresh }) => ({
      method: 'POST',
      url: '/api/inquiries/createPublic',
      payload: inquiryBody(fresh('public')),
    }),
  },
  // 'optional': anonymous is treated as public; a token that no longer holds is refused, not ignored.
  'POST /api/inquiries/createLoggedIn': {
    expected: { ...PUBLIC(201), removedStaff: 401 },
    request: async ({ fresh }) => ({
      method: 'POST',
      url: '/api/inquiries/createLoggedIn',
      payload: inquiryBody(fresh('logged')),
    }),
  },
  // D5: Customers see their own (an empty or own-only list), never others'.
  'GET /api/inquiries': { expected: ANY_USER(200), request: get('/api/inquiries') },
  'GET /api/inquiries/statuses': { expected: ANY_USER(200), request: get('/api/inquiries/statuses') },
  'GET /api/inquiries/:id': {
    expected: { ...ANY_USER(200), customerB: 404 },
    request: async ({ inquiryOfA }) => ({ method: 'GET', url: `/api/inquiries/${await inquiryOfA()}` }),
  },
  'GET /api/inquiries/:id/events': {
    expected: { ...ANY_USER(200), customerB: 404 },
    request: async ({ inquiryOfA }) => ({ method: 'GET', url: `/api/inquiries/${await inquiryOfA()}/events` }),
  },
  'PUT /api/inquiries/:id': {
    expected: BACK_OFFICE(200),
    request: async ({ inquiryOfA }) => ({
      method: 'PUT',
      url: `/api/inquiries/${await inquiryOfA()}`,
      payload: { status: 'Working', tpc: 50000, advance: 20000 },
    }),
  },
  // D26: internal notes are the back office's alone.
  'POST /api/inquiries/:id/notes': {
    expected: BACK_OFFICE(201),
    request: async ({ inquiryOfA }) => ({
      method: 'POST',
      url: `/api/inquiries/${await inquiryOfA()}/notes`,
      payload: { text: 'Called: wants a quote' },
    }),
  },
  'POST /api/inquiries/:id/contacted': {
    expected: BACK_OFFICE(200),
    request: async ({ inquiryOfA }) => ({ method: 'POST', url: `/api/inquiries/${await inquiryOfA()}/contacted` }),
  },
  'DELETE /api/inquiries/:id': {
    expected: BACK_OFFICE(200),
    request: async ({ inquiryOfA }) => ({ method: 'DELETE', url: `/api/inquiries/${await inquiryOfA()}` }),
  },
  'GET /api/dashboard/stats': { expected: BACK_OFFICE(200), request: get('/api/dashboard/stats') },
  'GET /api/dashboard/quote-follow-ups': {
    expected: BACK_OFFICE(200),
    request: get('/api/dashboard/quote-follow-ups'),
  },

  // D25: the Owner's view of delivery; the unsubscribe link works for anyone who holds it.
  'GET /api/notifications': { expected: OWNER_ONLY(200), request: get('/api/notifications?status=failed') },
  'GET /api/notifications/summary': { expected: OWNER_ONLY(200), request: get('/api/notifications/summary') },
  'POST /api/notifications/:id/retry': {
    expected: OWNER_ONLY(200),
    request: async ({ t }) => {
      const id = newId();
      await t.app.db
        .insertInto('notification_outbox')
        .values({
          id,
          kind: 'new_inquiry',
          dedupe_key: `matrix:${id}`,
          recipient: 'nobody@example.com',
          subject: 'A mail that failed',
          text_body: 'x',
          html_body: 'x',
          unsubscribe_url: null,
          status: 'failed',
          tries: 10,
          next_attempt_at: Date.now(),
          lease_id: null,
          lease_until: null,
          last_error: 'connect ECONNREFUSED',
          last_attempt_at: Date.now(),
          sent_at: null,
          created_at: Date.now(),
        })
        .execute();
      return { method: 'POST', url: `/api/notifications/${id}/retry` };
    },
  },
  'GET /api/notifications/unsubscribe': {
    expected: PUBLIC(303),
    request: async ({ t, fresh }) => ({
      method: 'GET',
      url: `/api/notifications/unsubscribe?token=${unsubscribeToken(t.app.unsubscribeKey, fresh('unsub'))}`,
    }),
  },
  'GET /api/inquiries/export.csv': { expected: BACK_OFFICE(200), request: get('/api/inquiries/export.csv') },
  // Customer A's own once priced; B's is someone else's (404, D5).
  'GET /api/inquiries/:id/quotation.pdf': {
    expected: { ...ANY_USER(200), customerB: 404 },
    request: async ({ t, p, inquiryOfA }) => {
      const id = await inquiryOfA();
      const priced = await t.api({
        method: 'PUT',
        url: `/api/inquiries/${id}`,
        headers: bearer(p.owner.token),
        payload: { tpc: 60000 },
      });
      expect(priced.statusCode, priced.body).toBe(200);
      return { method: 'GET', url: `/api/inquiries/${id}/quotation.pdf` };
    },
  },
  // D30: quotations are the back office's; the trip link opens with its token for anyone.
  'GET /api/inquiries/:id/quotes': {
    expected: BACK_OFFICE(200),
    request: async (ctx) => ({ method: 'GET', url: `/api/inquiries/${(await quoteOfA(ctx)).inquiryId}/quotes` }),
  },
  'POST /api/inquiries/:id/quotes': {
    expected: BACK_OFFICE(201),
    request: async ({ inquiryOfA }) => ({ method: 'POST', url: `/api/inquiries/${await inquiryOfA()}/quotes` }),
  },
  'PUT /api/quotes/:quoteId': {
    expected: BACK_OFFICE(200),
    request: async (ctx) => ({
      method: 'PUT',
      url: `/api/quotes/${(await quoteOfA(ctx)).quoteId}`,
      payload: { notes: 'Matrix' },
    }),
  },
  'POST /api/quotes/:quoteId/send': {
    expected: BACK_OFFICE(200),
    request: async (ctx) => ({ method: 'POST', url: `/api/quotes/${(await quoteOfA(ctx)).quoteId}/send` }),
  },
  'POST /api/inquiries/:id/trip-link': {
    expected: BACK_OFFICE(200),
    request: async ({ inquiryOfA }) => ({ method: 'POST', url: `/api/inquiries/${await inquiryOfA()}/trip-link` }),
  },
  'GET /api/trips/:token': {
    expected: PUBLIC(200),
    request: async (ctx) => ({ method: 'GET', url: `/api/trips/${(await quoteOfA(ctx, true)).token}` }),
  },
  // Issue 51: the sent version's paper, with the token only.
  'GET /api/trips/:token/quotation.pdf': {
    expected: PUBLIC(200),
    request: async (ctx) => ({ method: 'GET', url: `/api/trips/${(await quoteOfA(ctx, true)).token}/quotation.pdf` }),
  },
  'POST /api/trips/:token/accept': {
    expected: PUBLIC(200),
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/trips/${(await quoteOfA(ctx, true)).token}/accept`,
      payload: { name: 'Matrix Visitor' },
    }),
  },
  'POST /api/trips/:token/changes': {
    expected: PUBLIC(200),
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/trips/${(await quoteOfA(ctx, true)).token}/changes`,
      payload: { message: 'One more night, please' },
    }),
  },
  // A signed-in customer's way to the same trip (the token is kept only as a hash): their own inquiry's, read by the
  // back office too; accepting and asking for changes are the customer's alone.
  'GET /api/inquiries/:id/trip': {
    expected: { ...ANY_USER(200), customerB: 404 },
    request: async (ctx) => ({ method: 'GET', url: `/api/inquiries/${(await quoteOfA(ctx, true)).inquiryId}/trip` }),
  },
  'POST /api/inquiries/:id/trip/accept': {
    expected: { ...ANY_USER(200), customerB: 404, staff: 403, owner: 403 },
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/inquiries/${(await quoteOfA(ctx, true)).inquiryId}/trip/accept`,
      payload: { name: 'Matrix Customer' },
    }),
  },
  'POST /api/inquiries/:id/trip/changes': {
    expected: { ...ANY_USER(200), customerB: 404, staff: 403, owner: 403 },
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/inquiries/${(await quoteOfA(ctx, true)).inquiryId}/trip/changes`,
      payload: { message: 'One more night, please' },
    }),
  },
  // D32: the back office issues invoices and credit notes; their papers are the back office's and the inquiry's own
  // Customer's, and the trip link's; the accountant's file is the Owner's.
  'POST /api/inquiries/:id/invoices': {
    expected: BACK_OFFICE(201),
    request: async (ctx) => {
      const { inquiryId, token } = await quoteOfA(ctx, true);
      const accepted = await ctx.t.api({ method: 'POST', url: `/api/trips/${token}/accept`, payload: { name: 'A' } });
      expect(accepted.statusCode, accepted.body).toBe(200);
      return { method: 'POST', url: `/api/inquiries/${inquiryId}/invoices`, payload: {} };
    },
  },
  'GET /api/inquiries/:id/invoices': {
    expected: BACK_OFFICE(200),
    request: async (ctx) => ({ method: 'GET', url: `/api/inquiries/${(await papersOfA(ctx)).inquiryId}/invoices` }),
  },
  'POST /api/invoices/:id/credit-notes': {
    expected: BACK_OFFICE(201),
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/invoices/${(await invoiceOfA(ctx)).invoiceId}/credit-notes`,
      payload: { amount: 1, reason: 'Matrix' },
    }),
  },
  'GET /api/invoices/:id.pdf': {
    expected: { ...ANY_USER(200), customerB: 404 },
    request: async (ctx) => ({ method: 'GET', url: `/api/invoices/${(await papersOfA(ctx)).invoiceId}.pdf` }),
  },
  'GET /api/credit-notes/:id.pdf': {
    expected: { ...ANY_USER(200), customerB: 404 },
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/credit-notes/${(await papersOfA(ctx)).creditNoteId}.pdf`,
    }),
  },
  'GET /api/invoices/export.csv': {
    expected: OWNER_ONLY(200),
    request: get('/api/invoices/export.csv?from=2024-04-01&to=2040-03-31'),
  },
  'GET /api/trips/:token/invoices/:id.pdf': {
    expected: PUBLIC(200),
    request: async (ctx) => {
      const { token, invoiceId } = await papersOfA(ctx);
      return { method: 'GET', url: `/api/trips/${token}/invoices/${invoiceId}.pdf` };
    },
  },
  'GET /api/trips/:token/credit-notes/:id.pdf': {
    expected: PUBLIC(200),
    request: async (ctx) => {
      const { token, creditNoteId } = await papersOfA(ctx);
      return { method: 'GET', url: `/api/trips/${token}/credit-notes/${creditNoteId}.pdf` };
    },
  },
  // D31 payments: the ledger is the back office's; the Customer reads their own schedule; claims and receipts
  // through the trip link with its token, or signed in on their own inquiry.
  'GET /api/inquiries/:id/payments': {
    expected: { ...ANY_USER(200), customerB: 404 },
    request: async (ctx) => ({ method: 'GET', url: `/api/inquiries/${(await acceptedOfA(ctx)).inquiryId}/payments` }),
  },
  'PUT /api/inquiries/:id/instalments': {
    expected: BACK_OFFICE(200),
    request: async (ctx) => ({
      method: 'PUT',
      url: `/api/inquiries/${(await acceptedOfA(ctx)).inquiryId}/instalments`,
      payload: { instalments: [{ amount: 8000, dueDate: '2031-01-01' }] },
    }),
  },
  'POST /api/inquiries/:id/payments': {
    expected: BACK_OFFICE(201),
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/inquiries/${(await acceptedOfA(ctx)).inquiryId}/payments`,
      payload: { amount: 100, mode: 'upi', reference: freshUtr(), receivedAt: new Date().toISOString() },
    }),
  },
  'POST /api/payments/:id/verify': {
    expected: BACK_OFFICE(200),
    request: async (ctx) => ({ method: 'POST', url: `/api/payments/${await claimOfA(ctx)}/verify`, payload: {} }),
  },
  'POST /api/payments/:id/reverse': {
    expected: BACK_OFFICE(201),
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/payments/${(await paymentOfA(ctx)).paymentId}/reverse`,
      payload: { reason: 'Matrix mistake' },
    }),
  },
  'GET /api/payments/:id/receipt.pdf': {
    expected: BACK_OFFICE(200),
    request: async (ctx) => ({ method: 'GET', url: `/api/payments/${(await paymentOfA(ctx)).paymentId}/receipt.pdf` }),
  },
  'POST /api/trips/:token/instalments/:id/claim': {
    expected: PUBLIC(200),
    request: async (ctx) => {
      const a = await acceptedOfA(ctx);
      return {
        method: 'POST',
        url: `/api/trips/${a.token}/instalments/${a.instalmentId}/claim`,
        payload: { utr: freshUtr() },
      };
    },
  },
  'POST /api/inquiries/:id/trip/instalments/:instalmentId/claim': {
    expected: { ...ANY_USER(200), customerB: 404, staff: 403, owner: 403 },
    request: async (ctx) => {
      const a = await acceptedOfA(ctx);
      return {
        method: 'POST',
        url: `/api/inquiries/${a.inquiryId}/trip/instalments/${a.instalmentId}/claim`,
        payload: { utr: freshUtr() },
      };
    },
  },
  'GET /api/trips/:token/receipts/:id': {
    expected: PUBLIC(200),
    request: async (ctx) => {
      const a = await paymentOfA(ctx);
      return { method: 'GET', url: `/api/trips/${a.token}/receipts/${a.paymentId}.pdf` };
    },
  },
  'GET /api/inquiries/:id/trip/receipts/:file': {
    expected: { ...ANY_USER(200), customerB: 404 },
    request: async (ctx) => {
      const a = await paymentOfA(ctx);
      return { method: 'GET', url: `/api/inquiries/${a.inquiryId}/trip/receipts/${a.paymentId}.pdf` };
    },
  },
  'GET /api/dashboard/payments': { expected: BACK_OFFICE(200), request: get('/api/dashboard/payments') },
  'GET /api/reports/payments': {
    expected: OWNER_ONLY(200),
    request: get('/api/reports/payments?from=2024-04-01&to=2025-03-31'),
  },
  // D33: the supplier directory is the back office's; there is no delete (a supplier is deactivated).
  'GET /api/suppliers': { expected: BACK_OFFICE(200), request: get('/api/suppliers?q=matrix&kind=hotel') },
  'POST /api/suppliers': {
    expected: BACK_OFFICE(201),
    request: async () => ({ method: 'POST', url: '/api/suppliers', payload: supplierBody() }),
  },
  'GET /api/suppliers/:id': {
    expected: BACK_OFFICE(200),
    request: async ({ t, p }) => ({
      method: 'GET',
      url: `/api/suppliers/${(await createSupplierViaApi(t.app, p.owner.token))._id}`,
    }),
  },
  'PUT /api/suppliers/:id': {
    expected: BACK_OFFICE(200),
    request: async ({ t, p }) => {
      const s = await createSupplierViaApi(t.app, p.owner.token);
      return { method: 'PUT', url: `/api/suppliers/${s._id}`, payload: supplierBody({ name: s.name, active: false }) };
    },
  },
  'GET /api/suppliers/:id/last-rate': {
    expected: BACK_OFFICE(200),
    request: async ({ t, p }) => ({
      method: 'GET',
      url: `/api/suppliers/${(await createSupplierViaApi(t.app, p.owner.token))._id}/last-rate?kind=hotel`,
    }),
  },
  // D33: bookings are the back office's; a supplier link opens with its token for anyone.
  'GET /api/inquiries/:id/bookings': {
    expected: BACK_OFFICE(200),
    request: async (ctx) => ({ method: 'GET', url: `/api/inquiries/${(await bookingOfA(ctx)).inquiryId}/bookings` }),
  },
  'POST /api/inquiries/:id/bookings': {
    expected: BACK_OFFICE(200),
    request: async (ctx) => ({ method: 'POST', url: `/api/inquiries/${(await bookingOfA(ctx)).inquiryId}/bookings` }),
  },
  'POST /api/bookings/:id/send': {
    expected: BACK_OFFICE(200),
    request: async (ctx) => ({ method: 'POST', url: `/api/bookings/${(await bookingOfA(ctx)).bookingId}/send` }),
  },
  'POST /api/bookings/:id/confirm': {
    expected: BACK_OFFICE(200),
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/bookings/${(await bookingOfA(ctx)).bookingId}/confirm`,
      payload: { confirmationNumber: 'MATRIX-1' },
    }),
  },
  'GET /api/supplier-links/:token': {
    expected: PUBLIC(200),
    request: async (ctx) => ({ method: 'GET', url: `/api/supplier-links/${(await bookingOfA(ctx)).token}` }),
  },
  'POST /api/supplier-links/:token': {
    expected: PUBLIC(200),
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/supplier-links/${(await bookingOfA(ctx)).token}`,
      payload: { action: 'confirm', confirmationNumber: 'MATRIX-2' },
    }),
  },
  // D33 what we owe: a booking's cost and its supplier's payments are the back office's; the ledger per supplier
  // is the Owner's alone.
  'GET /api/inquiries/:id/supplier-payments': {
    expected: BACK_OFFICE(200),
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/inquiries/${(await bookingOfA(ctx)).inquiryId}/supplier-payments`,
    }),
  },
  'PUT /api/bookings/:id/cost': {
    expected: BACK_OFFICE(200),
    request: async (ctx) => ({
      method: 'PUT',
      url: `/api/bookings/${(await bookingOfA(ctx)).bookingId}/cost`,
      payload: { cost: 5800, reason: 'Matrix rate' },
    }),
  },
  'POST /api/bookings/:id/payments': {
    expected: BACK_OFFICE(200),
    request: async (ctx) => ({
      method: 'POST',
      url: `/api/bookings/${(await bookingOfA(ctx)).bookingId}/payments`,
      payload: { amount: 100, mode: 'cash', paidAt: new Date().toISOString() },
    }),
  },
  'POST /api/supplier-payments/:id/reverse': {
    expected: BACK_OFFICE(200),
    request: async (ctx) => {
      const { bookingId } = await bookingOfA(ctx);
      const paid = await ctx.t.api({
        method: 'POST',
        url: `/api/bookings/${bookingId}/payments`,
        headers: bearer(ctx.p.owner.token),
        payload: { amount: 100, mode: 'cash', paidAt: new Date().toISOString() },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const paymentId = (paid.json() as { booking: { payments: { _id: string }[] } }).booking.payments[0]!._id;
      return { method: 'POST', url: `/api/supplier-payments/${paymentId}/reverse`, payload: { reason: 'Matrix' } };
    },
  },
  'GET /api/payables': { expected: OWNER_ONLY(200), request: get('/api/payables') },
  'GET /api/payables/:id': {
    expected: OWNER_ONLY(200),
    request: async ({ t, p }) => ({
      method: 'GET',
      url: `/api/payables/${(await createSupplierViaApi(t.app, p.owner.token))._id}`,
    }),
  },
  // Issue 53: a voucher through the trip link with its token, or signed in on the Customer's own inquiry.
  'GET /api/trips/:token/vouchers/:file': {
    expected: PUBLIC(200),
    request: async (ctx) => {
      const v = await voucherOfA(ctx);
      return { method: 'GET', url: `/api/trips/${v.tripToken}/vouchers/${v.bookingId}.pdf` };
    },
  },
  'GET /api/inquiries/:id/trip/vouchers/:file': {
    expected: { ...ANY_USER(200), customerB: 404 },
    request: async (ctx) => {
      const v = await voucherOfA(ctx);
      return { method: 'GET', url: `/api/inquiries/${v.inquiryId}/trip/vouchers/${v.bookingId}.pdf` };
    },
  },
  'GET /api/reports/summary': {
    expected: OWNER_ONLY(200),
    request: get('/api/reports/summary?from=2024-04-01&to=2025-03-31'),
  },
};

describe.each(testEngines)('authorization matrix (route table × principals) on %s', (engine) => {
  let t: AccountsTestApp;
  let p: Principals;
  let ctx: Ctx;
  const tally = { cells: 0, unexpectedAllows: 0, unexpectedDenies: 0, otherMismatches: 0, sweepRequests: 0 };
  let n = 0;

  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    p = await createPrincipals(t);
    const asOwner = bearer(p.owner.token);
    const fresh = (prefix: string) => `${prefix}-${++n}-${newId().slice(-6)}@example.com`;
    ctx = {
      t,
      p,
      fresh,
      async inquiryOfA() {
        const res = await t.api({
          method: 'POST',
          url: '/api/inquiries/createLoggedIn',
          headers: bearer(p.customerA.token),
          payload: inquiryBody(p.customerA.email),
        });
        expect(res.statusCode, res.body).toBe(201);
        const row = await t.app.db
          .selectFrom('inquiries')
          .select('id')
          .where('customer_user_id', '=', p.customerA.id)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        return row.id;
      },
      async packageId() {
        const form = await packageForm();
        const res = await t.api({
          method: 'POST',
          url: '/api/packages',
          payload: form.payload,
          headers: { ...form.headers, ...asOwner },
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json()._id as string;
      },
      async backgroundId() {
        const form = multipart([{ name: 'images', file: await makePng(64, 48) }]);
        const res = await t.api({
          method: 'POST',
          url: '/api/backgrounds',
          payload: form.payload,
          headers: { ...form.headers, ...asOwner },
        });
        expect(res.statusCode, res.body).toBe(201);
        return (res.json() as { _id: string }[])[0]!._id;
      },
    };
  });
  afterAll(() =>
    checkThenClose(t, async () => {
      const leaks = await expectNoStoredSecretsInResponses(t);
      const routes = registeredRoutes(t.app);
      recordFigures('authorization-matrix', engine, {
        routes: routes.length,
        principals: PRINCIPALS.length,
        cells: tally.cells,
        unexpectedAllows: tally.unexpectedAllows,
        unexpectedDenies: tally.unexpectedDenies,
        otherMismatches: tally.otherMismatches,
        foreignIdRequests: tally.sweepRequests,
        responsesCheckedForSecrets: leaks.responsesChecked,
      });
    }),
  );

  it('has exactly one row per registered route (a new route without a row fails here)', () => {
    const registered = registeredRoutes(t.app).map(routeKey).sort();
    const table = Object.keys(ROWS).sort();
    expect(
      registered.filter((r) => !table.includes(r)),
      'registered routes with no row in the matrix',
    ).toEqual([]);
    expect(
      table.filter((r) => !registered.includes(r)),
      'rows for routes that are not registered',
    ).toEqual([]);
  });

  for (const [key, row] of Object.entries(ROWS)) {
    it(key, async () => {
      const got = {} as Expected;
      for (const who of PRINCIPALS) {
        const options = await row.request(ctx, who);
        const res = await t.api({ ...options, headers: { ...headersOf(p, who), ...options.headers } });
        got[who] = res.statusCode;
        const want = row.expected[who];
        tally.cells++;
        const allowed = (s: number) => s >= 200 && s < 400;
        if (allowed(res.statusCode) && !allowed(want)) tally.unexpectedAllows++;
        else if (!allowed(res.statusCode) && allowed(want)) tally.unexpectedDenies++;
        else if (res.statusCode !== want) tally.otherMismatches++;
        if (res.statusCode !== want) console.error(`${key} as ${who}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      expect(got).toEqual(row.expected);
    });
  }

  it('sweeps every id-bearing route with ids that belong to someone or something else: nothing is allowed, nothing changes', async () => {
    // A second set of things, owned by others: Customer A's inquiry, a package, a background, and the users.
    const idsByKind: Record<string, string[]> = {
      inquiry: [await ctx.inquiryOfA()],
      package: [await ctx.packageId()],
      background: [await ctx.backgroundId()],
      user: [p.customerA.id, p.customerB.id, p.owner.id],
      supplier: [(await createSupplierViaApi(t.app, p.owner.token))._id],
    };
    // D32's papers of Customer A's inquiry: foreign to everyone but A and the back office, as the inquiry is.
    const papersOfA = await invoiceOfA(ctx, true);
    idsByKind.invoice = [papersOfA.invoiceId];
    idsByKind.creditNote = [papersOfA.creditNoteId];
    // The kind of thing a route's :id names, by its URL (the first match wins).
    const KINDS: [RegExp, string][] = [
      [/^\/api\/(trips\/:token\/)?invoices\//, 'invoice'],
      [/^\/api\/(trips\/:token\/)?credit-notes\//, 'creditNote'],
      [/^\/api\/inquiries\//, 'inquiry'],
      [/^\/api\/packages\//, 'package'],
      [/^\/api\/backgrounds\//, 'background'],
      [/^\/api\/auth\/staff\//, 'staff'],
      [/^\/api\/notifications\//, 'notification'],
      [/^\/api\/payments\//, 'payment'],
      [/^\/api\/trips\//, 'trip'],
      [/^\/api\/suppliers\//, 'supplier'],
      [/^\/api\/bookings\//, 'booking'],
      [/^\/api\/supplier-payments\//, 'supplierPayment'],
      [/^\/api\/payables\//, 'supplier'],
    ];
    const kindOf = (url: string) => KINDS.find(([pattern]) => pattern.test(url))?.[1] ?? 'unknown';
    const snapshot = async () => ({
      users: await t.app.db
        .selectFrom('users')
        .select(['id', 'role', 'disabled_at', 'email', 'name'])
        .orderBy('id')
        .execute(),
      inquiries: await t.app.db
        .selectFrom('inquiries')
        .select(['id', 'status', 'deleted_at', 'staff_id', 'tpc_paise'])
        .orderBy('id')
        .execute(),
      packages: await t.app.db.selectFrom('packages').select(['id', 'name']).orderBy('id').execute(),
      invoices: await t.app.db.selectFrom('invoices').select(['id', 'credited_paise']).orderBy('id').execute(),
      creditNotes: await t.app.db.selectFrom('credit_notes').select(['id']).orderBy('id').execute(),
      backgrounds: await t.app.db.selectFrom('background_images').select(['id']).orderBy('id').execute(),
      suppliers: await t.app.db.selectFrom('suppliers').select(['id', 'name', 'active']).orderBy('id').execute(),
      bookings: await t.app.db
        .selectFrom('supplier_bookings')
        .select(['id', 'status', 'cost_paise'])
        .orderBy('id')
        .execute(),
      supplierPayments: await t.app.db.selectFrom('supplier_payments').select(['id']).orderBy('id').execute(),
      // Failed mails only: pending ones are being sent meanwhile.
      notifications: await t.app.db
        .selectFrom('notification_outbox')
        .select(['id', 'status', 'tries'])
        .where('status', '=', 'failed')
        .orderBy('id')
        .execute(),
    });
    const before = await snapshot();

    const idRoutes = registeredRoutes(t.app).filter((r) => r.url.includes(':id'));
    expect(idRoutes.length).toBeGreaterThanOrEqual(6);
    const refusals: string[] = [];
    for (const route of idRoutes) {
      const kind = kindOf(route.url);
      expect(kind, route.url).not.toBe('unknown');
      // Ids of every other kind; for staff removal, users who are not staff; for inquiries, A's own
      // inquiry is foreign to everyone but A and the back office.
      const foreign = Object.entries(idsByKind)
        .filter(([k]) => k !== kind && !(kind === 'staff' && k === 'staff'))
        .flatMap(([, ids]) => ids);
      for (const who of PRINCIPALS) {
        const ids = [...foreign];
        if (
          ['inquiry', 'invoice', 'creditNote'].includes(kind) &&
          (who === 'customerB' || who === 'anonymous' || who === 'removedStaff')
        ) {
          ids.push(...idsByKind[kind]!);
        }
        for (const id of ids) {
          const url = route.url.replace(':id', id);
          const body =
            route.method === 'PUT' && kind === 'inquiry'
              ? { payload: { status: 'Completed', staff: { id: p.staff.id } } }
              : route.method === 'PUT' && kind === 'supplier'
                ? { payload: supplierBody({ name: 'Hijacked' }) }
                : route.method === 'PUT' && kind === 'booking'
                  ? { payload: { cost: 1, reason: 'Hijacked' } }
                  : route.method === 'PUT'
                    ? multipart(packageFields({ name: 'Hijacked' }))
                    : {};
          const res = await t.api({
            method: route.method,
            url,
            ...body,
            headers: { ...headersOf(p, who), ...('headers' in body ? body.headers : {}) },
          });
          tally.sweepRequests++;
          if (![400, 401, 403, 404].includes(res.statusCode)) {
            refusals.push(`${who} ${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(refusals, 'foreign ids that were not refused').toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('shows a Customer only their own inquiries, in the list and in the status counts', async () => {
    await ctx.inquiryOfA();
    for (const who of ['customerA', 'customerB'] as const) {
      const me = p[who];
      // Every page: the matrix's rows make Customer A more inquiries than one page holds.
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const list = await t.api({
          method: 'GET',
          url: `/api/inquiries?pageSize=200&page=${page}`,
          headers: bearer(me.token),
        });
        expect(list.statusCode).toBe(200);
        const rows = list.json() as { _id: string }[];
        ids.push(...rows.map((i) => i._id));
        if (rows.length < 200) break;
      }
      // D5: those linked to their account (an address alone makes no inquiry theirs); nobody else's.
      const own = await t.app.db
        .selectFrom('inquiries')
        .select('id')
        .where('deleted_at', 'is', null)
        .where('customer_user_id', '=', me.id)
        .execute();
      expect(ids.sort(), who).toEqual(own.map((r) => r.id).sort());
      const statuses = await t.api({ method: 'GET', url: '/api/inquiries/statuses', headers: bearer(me.token) });
      const counted = (statuses.json() as { count: number }[]).reduce((sum, s) => sum + s.count, 0);
      expect(counted, who).toBe(own.length);
    }
  });
});
