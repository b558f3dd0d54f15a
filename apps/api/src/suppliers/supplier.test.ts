// D33 the supplier directory through HTTP on both engines: adding and changing suppliers (bad input and duplicates
// change nothing), the list's search and filters against a reference in plain code, deactivation instead of
// deletion, the quotation line's supplier check, the last rate, and a trip answer that never names a supplier.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  QUOTE_MESSAGES,
  SUPPLIER_MESSAGES,
  TOTAL_COUNT_HEADER,
  type Quote,
  type Supplier,
  type SupplierRate,
} from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser, type CreatedUser } from '../test/factories';
import { createInquiryViaApi } from '../test/inquiry-kit';
import { expectNothingOfTheAgency } from '../test/customer-view-scan';
import { createSupplierViaApi, supplierBody } from '../test/supplier-kit';
import { newId } from '../lib/ids';

describe.each(testEngines)('the supplier directory on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let owner: CreatedUser;
  let customer: CreatedUser;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, who?: CreatedUser | null) =>
    t.app.inject({
      method,
      url,
      headers: who === null ? {} : bearer((who ?? staff).token),
      ...(payload ? { payload } : {}),
    });
  const allSuppliers = async () => t.app.db.selectFrom('suppliers').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    t = await createTestApp(engine, { SITE_URL: 'https://agency.example' });
    staff = await createUser(t, { role: 'Staff' });
    owner = await createUser(t, { role: 'Owner' });
    customer = await createUser(t, { role: 'Customer' });
  });
  afterAll(async () => t?.close());

  it('lets Staff add a supplier and the Owner change it; the answer is what was stored', async () => {
    const created = await createSupplierViaApi(t.app, staff.token, {
      kind: 'cab',
      name: '  Himalayan Wheels ',
      city: 'Manali',
      contactPerson: 'Tenzin',
      phone: '98160 55555',
      email: 'Ops@HimalayanWheels.example',
      notes: 'Innova and Tempo Traveller\nNight driving extra',
    });
    expect(created).toMatchObject({
      kind: 'cab',
      name: 'Himalayan Wheels',
      email: 'ops@himalayanwheels.example',
      notes: 'Innova and Tempo Traveller\nNight driving extra',
      active: true,
    });
    const changed = await call(
      'PUT',
      `/api/suppliers/${created._id}`,
      { ...supplierBody(), name: 'HW Cabs', kind: 'cab' },
      owner,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Supplier>()).toMatchObject({ _id: created._id, name: 'HW Cabs', createdAt: created.createdAt });
    const read = await call('GET', `/api/suppliers/${created._id}`);
    expect(read.json<Supplier>()).toEqual(changed.json<Supplier>());
  });

  it('refuses Customers and visitors, and answers 404 for an unknown or malformed id', async () => {
    const s = await createSupplierViaApi(t.app, staff.token);
    for (const [who, status] of [
      [customer, 403],
      [null, 401],
    ] as const) {
      expect((await call('GET', '/api/suppliers', undefined, who)).statusCode).toBe(status);
      expect((await call('GET', `/api/suppliers/${s._id}`, undefined, who)).statusCode).toBe(status);
      expect((await call('POST', '/api/suppliers', supplierBody(), who)).statusCode).toBe(status);
      expect((await call('PUT', `/api/suppliers/${s._id}`, supplierBody(), who)).statusCode).toBe(status);
      expect((await call('GET', `/api/suppliers/${s._id}/last-rate?kind=hotel`, undefined, who)).statusCode).toBe(
        status,
      );
    }
    for (const id of [newId(), 'not-an-id']) {
      expect((await call('GET', `/api/suppliers/${id}`)).statusCode).toBe(404);
      expect((await call('PUT', `/api/suppliers/${id}`, supplierBody())).statusCode).toBe(404);
      expect((await call('GET', `/api/suppliers/${id}/last-rate?kind=hotel`)).statusCode).toBe(404);
    }
  });

  it('refuses bad input with the field and its message, and a duplicate in any case, changing nothing', async () => {
    const first = await createSupplierViaApi(t.app, staff.token, { name: 'Lake View Homestay', city: 'Udaipur' });
    const before = await allSuppliers();
    const bad = await call('POST', '/api/suppliers', supplierBody({ phone: '12345', email: 'nope', kind: 'airline' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      phone: SUPPLIER_MESSAGES.phoneInvalid,
      email: SUPPLIER_MESSAGES.emailInvalid,
      kind: SUPPLIER_MESSAGES.kindInvalid,
    });
    const unreachable = await call('POST', '/api/suppliers', supplierBody({ phone: '', email: '' }));
    expect(unreachable.json().errors).toEqual({ phone: SUPPLIER_MESSAGES.contactRequired });
    const twin = await call('POST', '/api/suppliers', supplierBody({ name: 'LAKE VIEW homestay', city: 'udaipur' }));
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe(SUPPLIER_MESSAGES.duplicate);
    // A supplier renamed onto another's kind, name and city is refused too.
    const other = await createSupplierViaApi(t.app, staff.token, { city: 'Udaipur' });
    const after = await allSuppliers();
    const clash = await call(
      'PUT',
      `/api/suppliers/${other._id}`,
      supplierBody({ name: 'Lake view homestay', city: 'Udaipur' }),
    );
    expect(clash.statusCode).toBe(409);
    expect(await allSuppliers()).toEqual(after);
    expect(after.filter((r) => !before.some((b) => b.id === r.id)).map((r) => r.id)).toEqual([other._id]);
    // The same name as another kind, or in another city, is another supplier.
    await createSupplierViaApi(t.app, staff.token, { name: 'Lake View Homestay', city: 'Udaipur', kind: 'activity' });
    await createSupplierViaApi(t.app, staff.token, { name: 'Lake View Homestay', city: 'Jaipur' });
    expect(first.name).toBe('Lake View Homestay');
  });

  it('lets one of two identical adds in at once', async () => {
    const body = supplierBody({ name: 'Race Condition Resort', city: 'Goa' });
    const answers = await Promise.all([call('POST', '/api/suppliers', body), call('POST', '/api/suppliers', body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await allSuppliers()).filter((r) => r.name === 'Race Condition Resort')).toHaveLength(1);
  });

  it('has no delete: a supplier is deactivated, and stays in the list with active=false', async () => {
    const s = await createSupplierViaApi(t.app, staff.token, {
      name: 'Soon Inactive Tours',
      city: 'Leh',
      kind: 'guide',
    });
    expect((await call('DELETE', `/api/suppliers/${s._id}`, undefined, owner)).statusCode).toBe(404);
    const off = await call(
      'PUT',
      `/api/suppliers/${s._id}`,
      supplierBody({ name: s.name, city: 'Leh', kind: 'guide', active: false }),
    );
    expect(off.json<Supplier>().active).toBe(false);
    const inactive = (await call('GET', '/api/suppliers?city=leh&active=false')).json<Supplier[]>();
    expect(inactive.map((x) => x._id)).toEqual([s._id]);
    expect((await call('GET', '/api/suppliers?city=leh&active=true')).json<Supplier[]>()).toEqual([]);
  });

  it('searches and filters as a reference in plain code does, in name order, paged with the total', async () => {
    const city = `Testpur ${newId().slice(-6)}`;
    const made: Supplier[] = [];
    const specs = [
      { kind: 'hotel', name: 'Zostel Manali', contactPerson: 'Ankit', email: 'hello@zostel.example' },
      { kind: 'hotel', name: 'Apple Orchard Inn', contactPerson: 'Meena Thakur', phone: '+91 94180 00001' },
      { kind: 'cab', name: 'Orchard Cabs', contactPerson: 'Raju', phone: '94180 00002', email: '' },
      { kind: 'guide', name: 'Trek 100% Guides', contactPerson: 'Dorje' },
      { kind: 'activity', name: 'Solang_Adventures', contactPerson: 'Kiran', active: false },
      { kind: 'other', name: 'Élan Laundry', contactPerson: 'Élodie' },
    ];
    for (const s of specs) made.push(await createSupplierViaApi(t.app, staff.token, { city, ...s }));
    const reference = (q: string, kind?: string, active?: boolean) =>
      made
        .filter((s) => {
          const text = [s.name, s.city, s.contactPerson, s.phone, s.email].join(' ').toLowerCase();
          return q
            .toLowerCase()
            .split(/\s+/)
            .filter(Boolean)
            .every((w) => text.includes(w));
        })
        .filter((s) => kind === undefined || s.kind === kind)
        .filter((s) => active === undefined || s.active === active)
        .sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1))
        .map((s) => s.name);
    const cases: [string, string | undefined, boolean | undefined][] = [
      ['', undefined, undefined],
      ['orchard', undefined, undefined],
      ['ORCHARD', 'cab', undefined],
      ['meena thakur', undefined, undefined],
      ['00002', undefined, undefined],
      ['zostel.example', undefined, undefined],
      ['100%', undefined, undefined],
      ['%', undefined, undefined],
      ['_', undefined, undefined],
      ['élodie', undefined, undefined],
      ['', 'activity', false],
      ['', undefined, true],
      ['nothing like this', undefined, undefined],
    ];
    for (const [q, kind, active] of cases) {
      const params = new URLSearchParams({ city: city.toUpperCase(), q });
      if (kind) params.set('kind', kind);
      if (active !== undefined) params.set('active', String(active));
      const res = await call('GET', `/api/suppliers?${params}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res.json<Supplier[]>().map((s) => s.name),
        `q=${q} kind=${kind} active=${active}`,
      ).toEqual(reference(q, kind, active));
      expect(res.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe(String(reference(q, kind, active).length));
    }
    const pages = [1, 2, 3].map((page) =>
      call('GET', `/api/suppliers?city=${encodeURIComponent(city)}&pageSize=2&page=${page}`),
    );
    const names = (await Promise.all(pages)).flatMap((r) => {
      expect(r.headers[TOTAL_COUNT_HEADER.toLowerCase()]).toBe('6');
      return r.json<Supplier[]>().map((s) => s.name);
    });
    expect(names).toEqual(reference(''));
    expect((await call('GET', '/api/suppliers?kind=airline')).statusCode).toBe(400);
    expect((await call('GET', '/api/suppliers?active=maybe')).statusCode).toBe(400);
  });

  describe('on quotation lines', () => {
    async function draft() {
      const inquiry = await createInquiryViaApi(t, { noOfAdults: 2 });
      const created = await call('POST', `/api/inquiries/${inquiry._id}/quotes`);
      expect(created.statusCode, created.body).toBe(201);
      return created.json<Quote>();
    }
    const line = (supplierId: string | null, unitCost = 4000, kind = 'hotel') => ({
      kind,
      description: 'Snow Valley Resort, 2 nights',
      supplierId,
      quantity: 2,
      unitCost,
      unitPrice: 5200,
    });
    const putLines = (quoteId: string, lines: object[]) => call('PUT', `/api/quotes/${quoteId}`, { lines });
    const send = (quoteId: string) => call('POST', `/api/quotes/${quoteId}/send`);
    const lastRate = async (id: string, kind = 'hotel') =>
      (await call('GET', `/api/suppliers/${id}/last-rate?kind=${kind}`)).json<SupplierRate>();

    it('takes an active supplier of the directory, and refuses an unknown, malformed or inactive one', async () => {
      const quote = await draft();
      const active = await createSupplierViaApi(t.app, staff.token);
      const inactive = await createSupplierViaApi(t.app, staff.token, { active: false });
      const ok = await putLines(quote._id, [line(null), line(active._id)]);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<Quote>().versions[0]!.lines.map((l) => l.supplierId)).toEqual([null, active._id]);
      const stored = await t.app.db
        .selectFrom('quote_versions')
        .select('lines')
        .where('quote_id', '=', quote._id)
        .execute();
      for (const id of [newId(), 'made-up', inactive._id]) {
        const res = await putLines(quote._id, [line(active._id), line(id)]);
        expect(res.statusCode, id).toBe(400);
        expect(res.json()).toEqual({
          message: QUOTE_MESSAGES.supplierInvalid,
          errors: { 'lines.1.supplierId': QUOTE_MESSAGES.supplierInvalid },
        });
      }
      expect(
        await t.app.db.selectFrom('quote_versions').select('lines').where('quote_id', '=', quote._id).execute(),
      ).toEqual(stored);
    });

    it('keeps a supplier deactivated after a line named it, on that quotation only', async () => {
      const quote = await draft();
      const s = await createSupplierViaApi(t.app, staff.token);
      expect((await putLines(quote._id, [line(s._id)])).statusCode).toBe(200);
      await call('PUT', `/api/suppliers/${s._id}`, supplierBody({ name: s.name, active: false }));
      expect((await putLines(quote._id, [line(s._id, 4100)])).statusCode).toBe(200);
      expect((await send(quote._id)).statusCode).toBe(200);
      // The next version starts as a copy of the sent one and may keep it.
      expect((await putLines(quote._id, [line(s._id, 4200)])).statusCode).toBe(200);
      expect((await putLines((await draft())._id, [line(s._id)])).statusCode).toBe(400);
    });

    it('remembers the last sent rate with a supplier for a line kind; drafts do not count', async () => {
      const s = await createSupplierViaApi(t.app, staff.token);
      expect(await lastRate(s._id)).toEqual({ unitCost: null, description: null, sentAt: null });
      const first = await draft();
      await putLines(first._id, [line(s._id, 4000.5), line(s._id, 9000, 'cab'), line(s._id, 3800)]);
      expect(await lastRate(s._id)).toMatchObject({ unitCost: null });
      expect((await send(first._id)).statusCode).toBe(200);
      const afterFirst = await lastRate(s._id);
      expect(afterFirst).toMatchObject({ unitCost: 4000.5, description: 'Snow Valley Resort, 2 nights' });
      expect(Date.parse(afterFirst.sentAt!)).toBeGreaterThan(Date.now() - 60_000);
      expect(await lastRate(s._id, 'cab')).toMatchObject({ unitCost: 9000 });
      expect(await lastRate(s._id, 'activity')).toMatchObject({ unitCost: null });
      // Another quotation's draft at a new rate changes nothing until it is sent.
      const second = await draft();
      await putLines(second._id, [line(s._id, 4500)]);
      expect(await lastRate(s._id)).toMatchObject({ unitCost: 4000.5 });
      expect((await send(second._id)).statusCode).toBe(200);
      expect(await lastRate(s._id)).toMatchObject({ unitCost: 4500 });
      expect(await lastRate(s._id, 'cab')).toMatchObject({ unitCost: 9000 });
      expect((await call('GET', `/api/suppliers/${s._id}/last-rate?kind=spaceship`)).statusCode).toBe(400);
    });

    it("never shows the customer's trip answer anything of the supplier", async () => {
      const s = await createSupplierViaApi(t.app, staff.token, {
        name: 'Secret Supplier Lodge',
        contactPerson: 'Hidden Contact',
        phone: '+91 99999 88877',
        email: 'hidden.supplier@lodge.example',
        notes: 'Pays 10% commission',
      });
      const quote = await draft();
      await putLines(quote._id, [line(s._id, 3333)]);
      const url = String((await send(quote._id)).json().url);
      const trip = await t.app.inject({ method: 'GET', url: `/api/trips/${url.split('/trip/')[1]}` });
      expect(trip.statusCode).toBe(200);
      expectNothingOfTheAgency(trip.body, [
        s._id,
        'Secret Supplier',
        'Hidden Contact',
        '99999',
        'hidden.supplier',
        'commission',
        '3333',
      ]);
    });
  });
});
