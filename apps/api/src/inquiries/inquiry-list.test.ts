// GET /api/inquiries (D10): sort, filter, search and paging against a reference model, nulls first, the count
// headers, the status counts, and every page strategy giving the same answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INQUIRY_MESSAGES,
  INQUIRY_SORTS,
  INQUIRY_STATUSES,
  SEARCH_COUNT_LIMIT,
  type Inquiry,
  type InquirySort,
} from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { createUser, type CreatedUser } from '../test/factories';
import { SORT_COLUMN, type NewInquiryRow } from './inquiry.repository';
import type { PageStrategy } from './inquiry-page.repository';
import { findMatchKeys } from './search/search.repository';
import { normaliseSearch, prepareSearch } from './search/search-text';
import { api, findPageIds, insertRows, row, useStaffAndRows } from '../test/inquiry-kit';

/** What the list should answer, computed in JS from the rows (the reference model). */
function expected(
  rows: readonly NewInquiryRow[],
  opts: {
    sort?: InquirySort;
    order?: 'asc' | 'desc';
    status?: string;
    q?: string;
    only?: (r: NewInquiryRow) => boolean;
  },
) {
  const sort = opts.sort ?? 'createdAt';
  const order = opts.order ?? 'desc';
  const q = normaliseSearch(opts.q).toLowerCase();
  const col = SORT_COLUMN[sort];
  const text = (r: NewInquiryRow) =>
    ` ${[r.customer_name, r.customer_email, r.customer_whatsapp, r.location, r.status, r.staff_name].join(' ')} `.toLowerCase();
  const cmp = (a: unknown, b: unknown) => (a! < b! ? -1 : a! > b! ? 1 : 0);
  return rows
    .filter((r) => r.deleted_at === null)
    .filter((r) => !opts.only || opts.only(r))
    .filter((r) => !opts.status || r.status === opts.status)
    .filter((r) => !q || text(r).includes([...q].length < 3 ? ` ${q}` : q))
    .sort((a, b) => {
      const c = cmp(a[col], b[col]) || cmp(a.id, b.id);
      return order === 'asc' ? c : -c;
    })
    .map((r) => r.id);
}

describe.each(testEngines)('inquiry list on %s', (engine) => {
  let t: TestApp;
  let staff: CreatedUser;
  let customer: CreatedUser;
  const rows: NewInquiryRow[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await createUser(t, { role: 'Staff', name: 'Priya Sharma' });
    customer = await createUser(t, { role: 'Customer', email: 'asha.rao@example.com' });
    // Held Asha's address before her and changed theirs since: what they sent with it stays theirs (D5).
    const previousHolder = await createUser(t, { role: 'Customer' });
    const names = ['Rohan Mehta', 'rohan mehta', 'Asha Rao', 'Zoya Khan', 'Émile Zola', 'Bina Das', 'Agomoni Sen'];
    const places = ['Goa', 'Manali', 'Kerala', 'Ago Town', 'Leh Ladakh', 'goa beach'];
    const staffNames = ['', 'Priya Sharma', 'Vikram Rao', 'anita desai'];
    for (let i = 0; i < 48; i++) {
      const name = names[i % names.length]!;
      const assignee = staffNames[i % staffNames.length]!;
      rows.push(
        row({
          customer_name: name,
          customer_email:
            i % 9 === 0 ? 'asha.rao@example.com' : `${name.toLowerCase().replace(/\W+/g, '.')}${i}@mail.example`,
          customer_whatsapp: `+91 98${String(100000 + i * 7919).slice(-6)}${i % 10}0`,
          // Hers: sent logged in (i % 11), or with her address since she verified it; the rest with her address are
          // the previous holder's.
          customer_user_id: i % 11 === 0 || i % 18 === 0 ? customer.id : i % 9 === 0 ? previousHolder.id : null,
          location: places[i % places.length]!,
          status: INQUIRY_STATUSES[(i * 5) % INQUIRY_STATUSES.length]!,
          staff_id: assignee ? staff.id : null,
          staff_name: assignee,
          staff_email: assignee ? 'staff@example.com' : '',
          // Some equal keys so the id tiebreak matters; updated out of creation order.
          updated_at: Date.UTC(2024, 5, 1) + ((i * 37) % 17) * 3600_000,
          deleted_at: i % 13 === 5 ? Date.UTC(2024, 6, 1) : null,
          deleted_by: i % 13 === 5 ? staff.id : null,
        }),
      );
    }
    // Inserted out of creation order, as an import or the demo seed may write them.
    await insertRows(
      t,
      [...rows].sort((a, b) => (a.customer_whatsapp < b.customer_whatsapp ? -1 : 1)),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (query: string, token = staff.token) => api(t, token).get(`/api/inquiries?${query}`);

  /** Every page of a listing, concatenated, with the headers of the first. */
  async function allPages(query: string, pageSize = 7, token = staff.token) {
    const ids: string[] = [];
    let first: Awaited<ReturnType<typeof list>> | undefined;
    for (let page = 1; page < 50; page++) {
      const res = await list(`${query}&page=${page}&pageSize=${pageSize}`, token);
      expect(res.statusCode, res.body).toBe(200);
      first ??= res;
      const items = res.json<Inquiry[]>();
      ids.push(...items.map((i) => i._id));
      if (items.length < pageSize) break;
    }
    return {
      ids,
      total: Number(first!.headers['x-total-count']),
      unfiltered: Number(first!.headers['x-unfiltered-count']),
    };
  }

  const visible = () => expected(rows, {}).length;

  it('defaults to createdAt descending, 50 a page', async () => {
    const res = await list('');
    expect(res.json<Inquiry[]>().map((i) => i._id)).toEqual(expected(rows, {}).slice(0, 50));
    expect(res.headers['x-total-count']).toBe(String(visible()));
    expect(res.headers['x-unfiltered-count']).toBe(String(visible()));
    expect(res.headers['x-total-count-capped']).toBeUndefined();
  });

  for (const sort of INQUIRY_SORTS) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sorts by ${sort} ${order} (byte order, id tiebreak), pages and filters by status`, async () => {
        const all = await allPages(`sort=${sort}&order=${order}`);
        expect(all.ids).toEqual(expected(rows, { sort, order }));
        expect(all.total).toBe(visible());
        const status = 'Working';
        const filtered = await allPages(`sort=${sort}&order=${order}&status=working`);
        expect(filtered.ids).toEqual(expected(rows, { sort, order, status }));
        expect(filtered.total).toBe(filtered.ids.length);
        expect(filtered.unfiltered).toBe(visible());
      });
    }
  }

  it('puts unassigned (the empty staff) first when ascending and last when descending', async () => {
    const asc = (await list('sort=staff&order=asc&pageSize=200')).json<Inquiry[]>();
    const firstAssigned = asc.findIndex((i) => i.staff !== null);
    expect(firstAssigned).toBeGreaterThan(0);
    expect(asc.slice(firstAssigned).every((i) => i.staff !== null)).toBe(true);
    const desc = (await list('sort=staff&order=desc&pageSize=200')).json<Inquiry[]>();
    expect(desc.at(-1)!.staff).toBeNull();
    expect(desc[0]!.staff).not.toBeNull();
  });

  const searches = [
    'rohan', // customer name, any case
    'ROHAN MEHTA',
    'mail.example', // e-mail
    '98', // whatsapp, 2 characters: starts a word
    '9810', // whatsapp digits anywhere
    'goa', // destination, also inside "Agomoni" and "goa beach"
    'go', // two characters: word starts only (Goa, goa beach; not Agomoni, Ago Town)
    'g', // one character
    'booked', // status
    'follow up',
    'priya', // staff name
    'Vikram Rao',
    'zzz', // nothing
    '%', // LIKE metacharacters are literal
    '_o',
    '"quoted"',
  ];
  for (const q of searches) {
    it(`searches ${JSON.stringify(q)} over name, e-mail, WhatsApp, destination, status and staff`, async () => {
      for (const sort of ['createdAt', 'customer', 'staff'] as const) {
        const res = await allPages(`q=${encodeURIComponent(q)}&sort=${sort}&order=asc`);
        const want = expected(rows, { q, sort, order: 'asc' });
        expect(res.ids, sort).toEqual(want);
        expect(res.total).toBe(want.length);
        expect(res.unfiltered).toBe(visible());
      }
      const withStatus = await allPages(`q=${encodeURIComponent(q)}&status=New`);
      expect(withStatus.ids).toEqual(expected(rows, { q, status: 'New' }));
      expect(withStatus.total).toBe(withStatus.ids.length);
    });
  }

  it('gives every page strategy the same answer', async () => {
    const strategies: PageStrategy[] =
      engine === 'sqlite' ? ['keys', 'fts-rowid', 'fts-join', 'walk'] : ['keys', 'trigram', 'walk'];
    // PostgreSQL tests walked rows of ASCII alone byte-wise and the rest under the default collation ('Émile
    // Zola'); SQLite never walks for a non-ASCII query (its LIKE folds ASCII only).
    const unicode = engine === 'postgres' ? ['émile', 'ÉMILE', 'zola'] : [];
    for (const q of ['goa', 'go', 'g', 'rohan mehta', 'priya', 'zzz', '98', ...unicode]) {
      const search = await prepareSearch(t.app.db, engine, normaliseSearch(q));
      for (const sort of ['createdAt', 'customer', 'updatedAt'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          for (const status of [undefined, 'New']) {
            const want = expected(rows, { q, sort, order, status }).slice(3, 3 + 5);
            for (const strategy of strategies) {
              if (strategy === 'fts-rowid' && sort !== 'createdAt') continue;
              const keys = strategy === 'keys' ? await findMatchKeys(t.app.db, search, 10_000, status) : undefined;
              const p = { scope: { kind: 'all' as const }, search, status, sort, order, limit: 5, offset: 3, keys };
              const ids = await findPageIds(t.app.db, p, strategy);
              expect(ids, `${strategy} ${q} ${sort} ${order} ${status}`).toEqual(want);
              if (strategy === 'walk') {
                // A walk bounded to the whole table answers the same; one bounded too short answers less.
                expect(await findPageIds(t.app.db, { ...p, window: rows.length }, strategy)).toEqual(want);
                expect(await findPageIds(t.app.db, { ...p, window: 3 }, strategy)).toEqual([]);
              }
            }
          }
        }
      }
    }
  });

  it('answers past the end with an empty page and the same headers', async () => {
    const res = await list('page=999&pageSize=200');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe(String(visible()));
  });

  it.each([
    ['pageSize=201', 'pageSize must be at most 200'],
    ['pageSize=0', undefined],
    ['page=0', undefined],
    ['page=two', 'page must be a number'],
    ['sort=price', 'sort must be one of: customer, email, contact, staff, destination, status, createdAt, updatedAt'],
    ['order=up', 'order must be asc or desc'],
    ['status=Cancelled', INQUIRY_MESSAGES.statusInvalid],
    [`q=${'x'.repeat(101)}`, undefined],
  ])('refuses %s', async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
  });

  it("lists a Customer's own inquiries only, with search, status and their own counts", async () => {
    // Linked to her account; her address on the previous holder's inquiries makes them no more hers (D5).
    const mine = (r: NewInquiryRow) => r.customer_user_id === customer.id;
    const all = await allPages('sort=customer&order=asc', 3, customer.token);
    expect(all.ids).toEqual(expected(rows, { sort: 'customer', order: 'asc', only: mine }));
    expect(all.unfiltered).toBe(all.ids.length);
    const searched = await allPages('q=goa&sort=createdAt&order=desc', 3, customer.token);
    expect(searched.ids).toEqual(expected(rows, { q: 'goa', only: mine }));
    expect(searched.total).toBe(searched.ids.length);
    expect(searched.unfiltered).toBe(all.ids.length);
  });

  it('lists each status present with its count, in pipeline order, following edits and deletes', async () => {
    const counts = (token = staff.token) =>
      api(t, token)
        .get('/api/inquiries/statuses')
        .then((r) => r.json());
    const want = INQUIRY_STATUSES.map((status) => ({ status, count: expected(rows, { status }).length })).filter(
      (c) => c.count > 0,
    );
    expect(await counts()).toEqual(want);

    const victim = expected(rows, { status: 'New' })[0]!;
    await api(t, staff.token).put(`/api/inquiries/${victim}`, { status: 'Completed' });
    const afterEdit = await counts();
    const n = (list: { status: string; count: number }[], s: string) => list.find((c) => c.status === s)?.count ?? 0;
    expect(n(afterEdit, 'New')).toBe(n(want, 'New') - 1);
    expect(n(afterEdit, 'Completed')).toBe(n(want, 'Completed') + 1);
    await api(t, staff.token).del(`/api/inquiries/${victim}`);
    expect(n(await counts(), 'Completed')).toBe(n(want, 'Completed'));
    const res = await list('status=Completed');
    expect(res.headers['x-total-count']).toBe(String(n(want, 'Completed')));
    // Put the row back as it was for the other tests' model.
    await t.app.db
      .updateTable('inquiries')
      .set({ deleted_at: null, deleted_by: null, status: 'New' })
      .where('id', '=', victim)
      .execute();
    expect(await counts()).toEqual(want);
    expect((await list('q=goa')).json<Inquiry[]>().length).toBe(expected(rows, { q: 'goa' }).length);
  });
});

describe.each(testEngines)('inquiry search past the count limit on %s', (engine) => {
  const s = useStaffAndRows(
    engine,
    () =>
      Array.from({ length: SEARCH_COUNT_LIMIT + 300 }, (_, i) =>
        row({
          customer_name: `Guest ${(i * 7919) % 10007}`,
          location: i % 3 === 0 ? 'Manali' : 'Goa',
          status: INQUIRY_STATUSES[i % INQUIRY_STATUSES.length]!,
        }),
      ),
    { analyze: true },
  );

  it('counts a common search up to the limit and says so; pages stay exact', async () => {
    for (const sort of ['createdAt', 'customer', 'updatedAt'] as const) {
      for (const page of [1, 40, 100]) {
        const res = await api(s.t, s.staff.token).get(
          `/api/inquiries?q=guest&sort=${sort}&order=asc&page=${page}&pageSize=50`,
        );
        expect(res.headers['x-total-count']).toBe(String(SEARCH_COUNT_LIMIT));
        expect(res.headers['x-total-count-capped']).toBe('true');
        expect(res.headers['x-unfiltered-count']).toBe(String(s.rows.length));
        const want = expected(s.rows, { q: 'guest', sort, order: 'asc' }).slice((page - 1) * 50, page * 50);
        expect(
          res.json<Inquiry[]>().map((i) => i._id),
          `${sort} page ${page}`,
        ).toEqual(want);
      }
    }
    const narrow = await api(s.t, s.staff.token).get('/api/inquiries?q=manali&status=Booked&sort=customer');
    expect(narrow.headers['x-total-count']).toBe(String(expected(s.rows, { q: 'manali', status: 'Booked' }).length));
    expect(narrow.headers['x-total-count-capped']).toBeUndefined();
  });
});

// Searches of two words, common and rare, past the limit and under it, in every order the planner may take.
describe.each(testEngines)('two-word searches past the count limit on %s', (engine) => {
  const names = ['Ravindra Kapoor', 'Ravindra Kumar', 'Ravindra Khanna', 'Ravindra Kapoor', 'Ravindra Kumar'];
  const s = useStaffAndRows(
    engine,
    () =>
      Array.from({ length: SEARCH_COUNT_LIMIT + 300 }, (_, i) =>
        row({
          // 8 in 10 start with "Ravindra K"; "Chandra Kapoor" only among the newer half.
          customer_name:
            i % 10 < 8
              ? names[i % names.length]!
              : i % 10 === 8
                ? 'Bhairavi Kohli'
                : i > 650
                  ? 'Chandra Kapoor'
                  : 'Ravi Sharma',
          status: INQUIRY_STATUSES[i % INQUIRY_STATUSES.length]!,
          deleted_at: i % 37 === 5 ? Date.UTC(2024, 6, 1) : null,
        }),
      ),
    { analyze: true },
  );

  it.each(['ravindra k', 'ndra k', 'avi ko', 'ravindra kumar', 'a kapoor', 'ravi sh'])(
    'pages q=%s exactly',
    async (q) => {
      // Oldest first before newest: a search's first answer by createdAt may leave every match in the cache.
      for (const [sort, order] of [
        ['createdAt', 'asc'],
        ['createdAt', 'desc'],
        ['customer', 'desc'],
      ] as const) {
        for (const status of [undefined, 'Booked']) {
          for (const page of [1, 5]) {
            const want = expected(s.rows, { q, status, sort, order });
            const res = await api(s.t, s.staff.token).get(
              `/api/inquiries?q=${encodeURIComponent(q)}&sort=${sort}&order=${order}&page=${page}&pageSize=50${status ? `&status=${status}` : ''}`,
            );
            const label = `${q} ${sort} ${order} ${status ?? ''} ${page}`;
            expect(res.headers['x-total-count'], label).toBe(String(Math.min(want.length, SEARCH_COUNT_LIMIT)));
            expect(res.headers['x-total-count-capped'], label).toBe(
              want.length > SEARCH_COUNT_LIMIT ? 'true' : undefined,
            );
            expect(
              res.json<Inquiry[]>().map((i) => i._id),
              label,
            ).toEqual(want.slice((page - 1) * 50, page * 50));
          }
        }
      }
    },
  );
});

// Searches just under or over the count limit: the count must claim a cap only when the data has one.
describe.each(testEngines)('inquiry search counts near the limit on %s', (engine) => {
  const s = useStaffAndRows(
    engine,
    (staff) =>
      Array.from({ length: 1_900 }, (_, i) => {
        const ash = i < 700;
        return row({
          // 700 Asha who also travel to Ashtamudi: one set of rows found by two fields.
          customer_name: ash ? `Asha ${i}` : i < 1_300 ? `Vikram ${i}` : `vikram ${i}`,
          customer_email: `guest${i}@example.com`,
          location: ash ? 'Ashtamudi' : 'Goa',
          status: i < 700 ? 'Booked' : i < 1_100 ? 'Booking Pending' : 'New',
          staff_name: i % 2 === 0 ? 'Shalini Rao' : '',
          staff_id: i % 2 === 0 ? staff.id : null,
        });
      }),
    { analyze: true },
  );

  const cases: [q: string, status?: string][] = [
    ['booked'], // one status, 700: under the limit
    ['book'], // two statuses, 1,100
    ['ash'], // 700 rows by name and by place
    ['vikram'], // 1,200 in two spellings
    ['Vikram'],
    ['ikra'], // no field starts with it
    ['shalini'], // 950 assigned
    ['n'], // New and every 'Vikram n…' word start
    ['new', 'New'],
    ['book', 'Booked'],
    ['goa', 'New'],
  ];
  it.each(cases)('counts q=%s (status %s) exactly up to the limit', async (q, status) => {
    const want = expected(s.rows, { q, status });
    const res = await api(s.t, s.staff.token).get(
      `/api/inquiries?q=${encodeURIComponent(q)}${status ? `&status=${encodeURIComponent(status)}` : ''}&pageSize=50`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe(String(Math.min(want.length, SEARCH_COUNT_LIMIT)));
    expect(res.headers['x-total-count-capped']).toBe(want.length > SEARCH_COUNT_LIMIT ? 'true' : undefined);
    expect(res.json<Inquiry[]>().map((i) => i._id)).toEqual(want.slice(0, 50));
  });
});

// A long query whose trigrams are spread over rows that do not hold it: those must not count.
describe.each(testEngines)('long searches on %s', (engine) => {
  const s = useStaffAndRows(engine, () =>
    Array.from({ length: 120 }, (_, i) => {
      const kind = i % 4;
      return row({
        // 0: the name itself; 1: its trigrams spread over two fields; 2: in the e-mail; 3: elsewhere.
        customer_name: kind === 0 ? `Suresh Srivastava ${i}` : kind === 1 ? `Suresh Kumar ${i}` : `Guest ${i}`,
        customer_email: kind === 2 ? `suresh.srivastava${i}@mail.example` : `guest${i}@mail.example`,
        location: kind === 1 ? 'Srivastava Nagar' : kind === 3 ? 'Surat' : 'Goa',
        status: i % 3 === 0 ? 'Booked' : 'New',
      });
    }),
  );

  it.each(['suresh srivastava', 'Suresh Srivastava 1', 'suresh.srivastava1', 'srivastava nagar', 'mail.example'])(
    'answers q=%s as the reference model does',
    async (q) => {
      const want = expected(s.rows, { q });
      const res = await api(s.t, s.staff.token).get(`/api/inquiries?q=${encodeURIComponent(q)}&pageSize=100`);
      expect(res.headers['x-total-count']).toBe(String(want.length));
      expect(res.json<Inquiry[]>().map((i) => i._id)).toEqual(want.slice(0, 100));
    },
  );

  it.each(INQUIRY_SORTS)('sorts a long query by %s, within a status and without', async (sort) => {
    for (const status of ['Booked', undefined]) {
      for (const order of ['desc', 'asc'] as const) {
        const want = expected(s.rows, { q: 'suresh srivastava', sort, order, status });
        const res = await api(s.t, s.staff.token).get(
          `/api/inquiries?q=suresh%20srivastava&sort=${sort}&order=${order}&page=2&pageSize=7` +
            (status ? `&status=${status}` : ''),
        );
        const label = `${sort} ${order} ${status ?? 'all'}`;
        expect(res.headers['x-total-count'], label).toBe(String(want.length));
        expect(
          res.json<Inquiry[]>().map((i) => i._id),
          label,
        ).toEqual(want.slice(7, 14));
      }
    }
  });
});

// A search sampled among the newest rows looks rare when its matches are all older: the page must still be found.
describe.each(testEngines)('a common search whose matches are all old on %s', (engine) => {
  const s = useStaffAndRows(engine, () =>
    Array.from({ length: 6_200 }, (_, i) => row({ customer_name: `Guest ${i}`, status: i < 1_100 ? 'Booked' : 'New' })),
  );

  it.each([1, 4])('finds page %i of the newest', async (page) => {
    const want = expected(s.rows, { q: 'booked' });
    const res = await api(s.t, s.staff.token).get(`/api/inquiries?q=booked&page=${page}&pageSize=50`);
    expect(res.headers['x-total-count']).toBe(String(SEARCH_COUNT_LIMIT));
    expect(res.json<Inquiry[]>().map((i) => i._id)).toEqual(want.slice((page - 1) * 50, page * 50));
  });
});

// A query and a stored name may spell an accent precomposed (é) or decomposed (e + U+0301): both are NFC-normalised.
describe.each(testEngines)('accents typed either way on %s', (engine) => {
  const precomposed = 'Ren\u00e9e Ch\u00e9rif';
  const decomposed = 'Rene\u0301e Che\u0301rif';
  const s = useStaffAndRows(engine, () => [
    row({ customer_name: precomposed, location: 'Goa' }),
    row({ customer_name: decomposed, location: 'Manali' }),
    row({ customer_name: 'Renee Cherif', location: 'Kerala' }),
  ]);

  it.each([
    ['precomposed', 'ren\u00e9e'],
    ['decomposed', 'rene\u0301e'],
    ['precomposed, one word start', 'ch\u00e9'],
    ['decomposed, capitals', 'CHE\u0301RIF'],
  ])('finds both stored spellings from a %s query', async (_, q) => {
    const res = await api(s.t, s.staff.token).get(
      `/api/inquiries?q=${encodeURIComponent(q)}&sort=destination&order=asc`,
    );
    expect(res.statusCode).toBe(200);
    const found = res.json<Inquiry[]>();
    expect(found.map((i) => i.location)).toEqual(['Goa', 'Manali']);
    // Stored NFC: the decomposed name comes back precomposed, which looks the same.
    expect(found.map((i) => i.customer.name)).toEqual([precomposed, precomposed]);
    expect(res.headers['x-total-count']).toBe('2');
  });
});
