// Issue 49, item 7: control characters (NUL, BEL, ESC, DEL, C1), line breaks in one-line fields and text-direction
// overrides are refused in every field people type, with TEXT_MESSAGES.controlCharacters (an e-mail address with
// one is just not a valid address) and nothing stored: they would reach staff mail bodies (a name with CR LF fakes
// a "Bcc:" line), the CSV, the PDFs and the back office. Ordinary scripts, emoji and accents still go through, and
// text stored before the rule still reads, exports and prints.
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  INQUIRY_MESSAGES,
  TEXT_MESSAGES,
  isMultiLineText,
  type Inquiry,
  type TourPackage,
} from '@safarnama/contract';
import { testEngines } from '../helper';
import { bearer, createUser, type CreatedUser } from '../factories';
import { GOOD_PASSWORD, checkThenClose, createAccountsTestApp, type AccountsTestApp } from '../accounts-kit';
import { createInquiryViaApi, insertRows, row, validBody } from '../inquiry-kit';
import { makePng, multipart, packageFields } from '../upload-kit';
import { newId } from '../../lib/ids';
import { insertPackage } from '../../packages/package.repository';
import { recordFigures } from './security-kit';

const CONTROL = TEXT_MESSAGES.controlCharacters;
const FAKE_BCC = 'Asha\r\nBcc: victim@example.com';

/** pdftotext (poppler): the text a reader of the PDF can select, without the form feeds it ends pages with. */
function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-enc', 'UTF-8', '-', '-'], (err, stdout) =>
      err ? reject(err) : resolve(stdout.replaceAll('\f', '')),
    );
    child.stdin!.end(pdf);
  });
}

describe.each(testEngines)('control characters on %s', (engine) => {
  let t: AccountsTestApp;
  let owner: CreatedUser;
  let staff: CreatedUser;
  let customer: CreatedUser;
  let inquiry: Inquiry;
  let pkg: TourPackage;
  let refused = 0;
  let legacyReads = 0;
  let answers5xx = 0;
  // Text stored before the rule. PostgreSQL cannot store NUL in text at all; SQLite can, so its rows carry one too.
  const hostile = `${engine === 'sqlite' ? '\u0000' : ''}\u0007\u202e`;
  const legacyPackageId = newId();

  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    owner = await createUser(t, { role: 'Owner' });
    staff = await createUser(t, { role: 'Staff' });
    customer = await createUser(t, { role: 'Customer', name: 'Asha Verma' });
    inquiry = await createInquiryViaApi(t, {}, staff.token);
    // A package stored before the rule, inserted before the API's write below drops the catalogue cache.
    await insertPackage(t.app.db, {
      id: legacyPackageId,
      name: `Old${hostile}Package`,
      description: 'Kaza',
      price_paise: 6_500_000,
      duration_days: 8,
      overview: `High${hostile} desert`,
      itinerary: `Day 1:${hostile} Shimla\r\nDay 2: Sangla`,
      inclusions: JSON.stringify([`Homestays${hostile}`]),
      exclusions: JSON.stringify(['Flights']),
      important_notes: '[]',
      created_at: Date.now(),
      updated_at: Date.now(),
    });
    const body = multipart([...packageFields(), { name: 'images', file: await makePng(80, 60) }]);
    const created = await t.api({
      method: 'POST',
      url: '/api/packages',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner.token) },
    });
    expect(created.statusCode, created.body).toBe(201);
    pkg = created.json();
  });
  afterAll(() =>
    checkThenClose(t, () =>
      recordFigures('control-characters', engine, {
        refusedWrites: refused,
        legacyReads,
        answers5xx,
      }),
    ),
  );

  /** Every row a write could touch, in a stable order: equal before and after means nothing was stored. */
  const stored = async () => {
    const db = t.app.db;
    return JSON.stringify([
      await db.selectFrom('users').selectAll().orderBy('id').execute(),
      await db.selectFrom('otp_challenges').selectAll().orderBy('id').execute(),
      await db.selectFrom('inquiries').selectAll().orderBy('id').execute(),
      await db.selectFrom('inquiry_events').selectAll().orderBy('id').execute(),
      await db.selectFrom('packages').selectAll().orderBy('id').execute(),
      await db.selectFrom('package_images').selectAll().orderBy('id').execute(),
      // The outbox sender leases and sends mails meanwhile: what a mail says, not its delivery state.
      await db
        .selectFrom('notification_outbox')
        .select(['id', 'recipient', 'subject', 'text_body'])
        .orderBy('id')
        .execute(),
    ]);
  };

  /** Sends a write that must answer 400 with `message` under `field` and leave every table as it was. */
  const expectRefused = async (
    request: Parameters<AccountsTestApp['api']>[0],
    field: string,
    message: string = CONTROL,
  ) => {
    const before = await stored();
    const res = await t.api(request);
    if (res.statusCode >= 500) answers5xx++;
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors?.[field], res.body).toBe(message);
    expect(await stored()).toBe(before);
    refused++;
  };

  const json = (method: 'POST' | 'PUT', url: string, payload: object, token?: string) => ({
    method,
    url,
    payload,
    headers: token ? bearer(token) : {},
  });

  describe('the public inquiry form', () => {
    it.each([
      ['name', FAKE_BCC],
      ['name', 'Asha\u0000Verma'],
      ['name', 'Asha\u0007Verma'],
      ['name', 'Asha\u202egpj.exe'],
      ['location', 'Goa\nBcc: victim@example.com'],
      ['travelingFrom', 'Delhi\u001b[2J'],
      ['dropCity', 'Panaji\u2066'],
      ['tourDuration', '5N\t6D'],
      ['extraInfo', 'Sea view\u0000'],
      ['extraInfo', 'Sea view\u202e'],
    ])('refuses %s = %j with the message and stores nothing', async (field, value) => {
      await expectRefused(json('POST', '/api/inquiries/createPublic', validBody({ [field]: value })), field);
    });

    it('refuses an e-mail address with a NUL as not a valid address (PostgreSQL answered 500)', async () => {
      await expectRefused(
        json('POST', '/api/inquiries/createPublic', validBody({ email: 'asha\u0000@example.com' })),
        'email',
        INQUIRY_MESSAGES.emailInvalid,
      );
    });

    it('keeps the line breaks of its notes, Hindi, emoji and accents', async () => {
      const res = await t.api(
        json(
          'POST',
          '/api/inquiries/createPublic',
          validBody({
            name: 'आशा वर्मा 🏖️',
            location: 'Zoë’s Café, Ñuñoa',
            extraInfo: 'Veg food\r\nA sea view\twith a balcony',
          }),
        ),
      );
      expect(res.statusCode, res.body).toBe(201);
      const created = await t.app.db
        .selectFrom('inquiries')
        .select(['customer_name', 'location', 'extra_info'])
        .where('customer_name', '=', 'आशा वर्मा 🏖️')
        .executeTakeFirstOrThrow();
      expect(created).toEqual({
        customer_name: 'आशा वर्मा 🏖️',
        location: 'Zoë’s Café, Ñuñoa',
        extra_info: 'Veg food\nA sea view\twith a balcony',
      });
    });
  });

  describe('accounts', () => {
    it.each([FAKE_BCC, 'Asha\u202eVerma', 'Asha\u0000'])('register refuses the name %j', async (name) => {
      await expectRefused(
        json('POST', '/api/auth/register', { name, email: 'new-user@example.com', password: GOOD_PASSWORD }),
        'name',
      );
      expect(t.smtp.mails.filter((m) => m.raw.includes('new-user@example.com'))).toEqual([]);
    });

    it('the profile refuses a new name with a BEL', async () => {
      await expectRefused(
        json('PUT', '/api/profile', { name: 'Asha\u0007', email: customer.email }, customer.token),
        'name',
      );
    });

    it('the Owner cannot add Staff whose name holds an override', async () => {
      await expectRefused(
        json(
          'POST',
          '/api/auth/staff',
          { name: 'Ravi\u202e', email: 'ravi-staff@example.com', password: GOOD_PASSWORD },
          owner.token,
        ),
        'name',
      );
    });

    it('a login with a NUL in the address is refused, not a 500 on PostgreSQL', async () => {
      await expectRefused(json('POST', '/api/auth/login', { email: 'a\u0000b@example.com', password: 'x' }), 'email');
    });

    it('a verification code for an address with a NUL is refused as not a valid address', async () => {
      await expectRefused(
        json('POST', '/api/auth/resend-otp', { email: 'a\u0000b@example.com' }),
        'email',
        AUTH_MESSAGES.emailInvalid,
      );
    });
  });

  describe('the back office', () => {
    it('staff typing in a request are held to the same rule', async () => {
      await expectRefused(
        json('POST', '/api/inquiries/createLoggedIn', validBody({ name: FAKE_BCC }), staff.token),
        'name',
      );
    });

    it.each([
      [{ customer: { name: 'Asha\u202e' } }, 'customer.name'],
      [{ location: 'Goa\r\nBcc: x@example.com' }, 'location'],
      [{ extraInfo: 'Called\u0007' }, 'extraInfo'],
    ])('an inquiry edit refuses %j', async (body, field) => {
      await expectRefused(json('PUT', `/api/inquiries/${inquiry._id}`, body, staff.token), field);
    });

    it('a note refuses a NUL and keeps its line breaks', async () => {
      await expectRefused(
        json('POST', `/api/inquiries/${inquiry._id}/notes`, { text: 'No answer\u0000' }, staff.token),
        'text',
      );
      const ok = await t.api(
        json('POST', `/api/inquiries/${inquiry._id}/notes`, { text: 'No answer\r\nTry at 6' }, staff.token),
      );
      expect(ok.statusCode, ok.body).toBe(201);
    });

    it.each([
      ['name', 'Kerala\u202eEscape'],
      ['name', 'Kerala\r\nEscape'],
      ['description', 'Kochi\u0000'],
      ['tourItinerary', '**Day 1:** Kochi\u0007'],
      ['packageOverview', 'Houseboats\u2067'],
      ['inclusions', 'Hotel stays\n\u001bBreakfast'],
    ])('a package edit refuses %s = %j with the message and changes nothing', async (field, value) => {
      const body = multipart(packageFields({ [field]: value }));
      await expectRefused(
        {
          method: 'PUT',
          url: `/api/packages/${pkg._id}`,
          payload: body.payload,
          headers: { ...body.headers, ...bearer(owner.token) },
        },
        field,
      );
    });

    it('a filter with a NUL is refused, not a 500 on PostgreSQL', async () => {
      const res = await t.api({ method: 'GET', url: '/api/inquiries?assignedTo=me%00', headers: bearer(staff.token) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors?.assignedTo).toBe(CONTROL);
    });

    it('a search drops what it cannot hold and still finds', async () => {
      const list = await t.api({
        method: 'GET',
        url: '/api/inquiries?q=Rohan%00%E2%80%AE%09',
        headers: bearer(staff.token),
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().map((i: Inquiry) => i._id)).toContain(inquiry._id);
      const packages = await t.api({ method: 'GET', url: '/api/packages/search?search=Kerala%00%E2%80%AE' });
      expect(packages.statusCode, packages.body).toBe(200);
      expect(packages.json().map((p: TourPackage) => p._id)).toEqual([pkg._id]);
    });
  });

  it('text stored before the rule still reads, exports and prints', async () => {
    const name = `Old${hostile}Name\r\nBcc: victim@example.com`;
    const legacy = row({
      customer_name: name,
      location: `Spiti${hostile}`,
      extra_info: `Veg${hostile}\r\nfood`,
      package_id: legacyPackageId,
      package_title: `Old${hostile}Package`,
      tpc_paise: 9_000_000,
    });
    await insertRows(t, [legacy]);
    const staffGet = (url: string) => t.api({ method: 'GET', url, headers: bearer(staff.token) });

    const one = await staffGet(`/api/inquiries/${legacy.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().customer.name).toBe(name);
    const list = await staffGet('/api/inquiries?pageSize=100');
    expect(list.statusCode, list.body).toBe(200);
    const csv = await staffGet('/api/inquiries/export.csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(legacy.id);

    // The papers print the letters and leave out what no reader should be handed.
    const quotation = await staffGet(`/api/inquiries/${legacy.id}/quotation.pdf`);
    expect(quotation.statusCode, quotation.body).toBe(200);
    const quoted = await pdfText(quotation.rawPayload);
    expect(quoted).toContain('OldName');
    expect(quoted).toContain('OldPackage');
    expect(isMultiLineText(quoted), 'no control characters printed').toBe(true);
    const stale = await t.api({ method: 'GET', url: `/api/packages/${legacyPackageId}` });
    expect(stale.statusCode, stale.body).toBe(200);
    const brochure = await t.api({ method: 'GET', url: `/api/packages/${legacyPackageId}/brochure.pdf` });
    expect(brochure.statusCode, brochure.body).toBe(200);
    const printed = await pdfText(brochure.rawPayload);
    expect(printed).toContain('OldPackage');
    expect(printed).toContain('Homestays');
    expect(isMultiLineText(printed), 'no control characters printed').toBe(true);
    for (const res of [one, list, csv, quotation, stale, brochure]) if (res.statusCode >= 500) answers5xx++;
    legacyReads += 6;
  });
});
