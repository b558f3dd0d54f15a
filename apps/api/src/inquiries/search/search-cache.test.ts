// The search cache: its bookkeeping, and on both engines that cached pages are the pages the queries give,
// that every write (through the API or straight into the table) makes the next answer fresh, and that a
// search too large to keep falls back to the queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { INQUIRY_SORTS, INQUIRY_STATUSES, type InquiryListParams } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../../test/helper';
import type { AuthUser } from '../../plugins/access';
import { listInquiries } from '../inquiry-list.service';
import type { InquiryContext } from '../inquiry.service';
import type { WorkflowFilter } from '../inquiry-page.repository';
import {
  InquirySearchCache,
  idsBetween,
  pageOfMatches,
  searchCacheKey,
  sizeOf,
  sortedMatches,
  walkCacheKey,
  walkedMatches,
  workflowCacheKey,
  type SortedMatches,
} from './search-cache';
import { findListVersion, insertRows, row } from '../../test/inquiry-kit';
import { createUser } from '../../test/factories';

// The back-office user every list call here is made as (the service reads only its role).
const staff: AuthUser = { id: '00000000-0000-7000-8000-00000000000a', name: 'Staff', email: 's@x.test', role: 'Staff' };

const entry = (version: number, ids: string[], statuses: number[] = ids.map(() => 0)): SortedMatches =>
  sortedMatches(version, {
    ids: ids.join(','),
    statuses: statuses.map((code) => INQUIRY_STATUSES[code]!),
    staff: ids.map(() => ''),
    followUps: ids.map(() => ''),
  });

describe('InquirySearchCache', () => {
  it('answers an entry only at the version it was read at', () => {
    const cache = new InquirySearchCache();
    cache.set('k', entry(3, ['a', 'b']));
    const held = cache.get('k', 3);
    expect(held && pageOfMatches(held, { order: 'asc', offset: 0, limit: 10 }).ids).toEqual(['a', 'b']);
    expect(cache.get('k', 4)).toBeUndefined();
    // The stale entry is gone, even for its own version.
    expect(cache.get('k', 3)).toBeUndefined();
    expect(cache.count).toBe(0);
  });

  it('drops the least recently used entries past its size, and never keeps an entry too large', () => {
    const cache = new InquirySearchCache({
      maxIds: 5,
      maxEntryIds: 3,
    });
    cache.set('a', entry(1, ['1', '2']));
    cache.set('b', entry(1, ['3', '4']));
    expect(cache.get('a', 1)).toBeDefined(); // a is now the most recently used
    cache.set('c', entry(1, ['5', '6']));
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBeDefined();
    expect(cache.get('c', 1)).toBeDefined();
    cache.set('d', entry(1, ['7', '8', '9', '10']));
    expect(cache.get('d', 1)).toBeUndefined();
    expect(cache.count).toBe(2);
    // However small, no more than maxEntries are held: the least recently used go.
    const few = new InquirySearchCache({ maxEntries: 2 });
    for (const k of ['x', 'y', 'z']) few.set(k, entry(1, [k]));
    expect([few.get('x', 1), few.get('y', 1), few.get('z', 1)].map(Boolean)).toEqual([false, true, true]);
  });

  it("keeps a walk's ids in one string, and tells a walk from a sorted entry", () => {
    const ids = ['019a-1', '019a-22', '', '019a-4444'];
    const walk = walkedMatches(2, ids, false, 9);
    expect(sizeOf(walk)).toBe(4);
    expect(idsBetween(walk, 0, 10)).toEqual(ids);
    expect(idsBetween(walk, 1, 3)).toEqual(['019a-22', '']);
    expect(idsBetween(walk, 4, 6)).toEqual([]);
    expect(sizeOf(walkedMatches(2, [], true))).toBe(0);
    const cache = new InquirySearchCache();
    cache.set('w', walk);
    cache.set('s', entry(2, ['a']));
    expect(cache.get('w', 2)).toBeUndefined();
    expect(cache.getWalk('s', 2)).toBeUndefined();
    expect(cache.getWalk('w', 2)).toMatchObject({ complete: false, total: 9 });
    expect(cache.get('s', 2)).toBeDefined();
  });

  it('pages in either order, narrowed to a status, and counts the matches', () => {
    const e = entry(1, ['a', 'b', 'c', 'd', 'e'], [0, 1, 0, 1, 0]);
    expect(pageOfMatches(e, { order: 'asc', offset: 1, limit: 2 })).toEqual({ ids: ['b', 'c'], total: 5 });
    expect(pageOfMatches(e, { order: 'desc', offset: 0, limit: 2 })).toEqual({ ids: ['e', 'd'], total: 5 });
    expect(pageOfMatches(e, { status: 'New', order: 'desc', offset: 1, limit: 5 })).toEqual({
      ids: ['c', 'a'],
      total: 3,
    });
    expect(pageOfMatches(e, { status: 'Working', order: 'asc', offset: 2, limit: 5 })).toEqual({ ids: [], total: 2 });
    expect(pageOfMatches(e, { status: 'Not a status', order: 'asc', offset: 0, limit: 5 })).toEqual({
      ids: [],
      total: 0,
    });
  });

  it('narrows to a handler, the unassigned and follow-up ranges (none is outside every range)', () => {
    // As the queries join them: '' for no handler and no follow-up.
    const e = sortedMatches(1, {
      ids: 'a,b,c,d,e',
      statuses: ['New', 'Working', 'New', 'Working', 'New'],
      staff: ['h1', '', 'h2', 'h1', 'h1'],
      followUps: ['100', '', '200', '300', ''],
    });
    const page = (workflow: WorkflowFilter, status?: string) =>
      pageOfMatches(e, { workflow, status, order: 'asc', offset: 0, limit: 10 });
    expect(page({ staff: 'h1' })).toEqual({ ids: ['a', 'd', 'e'], total: 3 });
    expect(page({ staff: null })).toEqual({ ids: ['b'], total: 1 });
    expect(page({ staff: 'nobody' })).toEqual({ ids: [], total: 0 });
    expect(page({ followUp: { to: 200 } })).toEqual({ ids: ['a'], total: 1 });
    expect(page({ followUp: { from: 200, to: 300 } })).toEqual({ ids: ['c'], total: 1 });
    expect(page({ followUp: { from: 200 } })).toEqual({ ids: ['c', 'd'], total: 2 });
    expect(page({ followUp: {} })).toEqual({ ids: ['a', 'c', 'd'], total: 3 });
    expect(page({ followUp: 'none' })).toEqual({ ids: ['b', 'e'], total: 2 });
    expect(page({ staff: 'h1', followUp: 'none' }, 'New')).toEqual({ ids: ['e'], total: 1 });
    expect(pageOfMatches(e, { workflow: { staff: 'h1' }, order: 'desc', offset: 1, limit: 1 })).toEqual({
      ids: ['d'],
      total: 3,
    });
  });

  it('keys an entry by sort and the case-folded search, apart from workflow sets', () => {
    expect(searchCacheKey('Goa', 'customer')).toBe(searchCacheKey('goa', 'customer'));
    expect(searchCacheKey('goa', 'customer')).not.toBe(searchCacheKey('goa', 'email'));
    expect(workflowCacheKey('follow-up', 'customer')).not.toBe(searchCacheKey('follow-up', 'customer'));
  });
});

describe.each(testEngines)('the search cache on %s', (engine) => {
  let t: TestApp;
  let always: InquiryContext;
  let never: InquiryContext;
  const places = ['Goa', 'Manali', 'Kerala', 'Leh Ladakh', 'Agomoni'];
  const names = ['Rohan Mehta', 'Asha Rao', 'Zoya Khan', 'Bina Das', 'rohan das'];

  beforeAll(async () => {
    t = await createTestApp(engine);
    // Some searches past the count limit, so they take the paths a common word takes at scale.
    await insertRows(
      t,
      Array.from({ length: 3_000 }, (_, i) =>
        row({
          customer_name: names[(i * 7) % names.length]!,
          customer_email: `c${i % 31}@mail.example`,
          customer_whatsapp: `+91 98${String(100000 + ((i * 7919) % 900000)).slice(-6)}00`,
          location: places[i % places.length]!,
          status: INQUIRY_STATUSES[(i * 3) % INQUIRY_STATUSES.length]!,
          // Two in five: past the count limit, yet rare enough that a deep page takes every match (and caches them).
          staff_name: i % 5 < 2 ? 'Priya Sharma' : '',
          updated_at: Date.UTC(2024, 5, 1) + ((i * 37) % 17) * 3600_000,
          deleted_at: i % 29 === 3 ? Date.UTC(2024, 6, 1) : null,
        }),
      ),
    );
    const base = { db: t.app.db, engine };
    always = {
      ...base,
      searchCache: new InquirySearchCache({
        maxIds: 1e6,
        maxEntryIds: 1e6,
      }),
    };
    never = {
      ...base,
      searchCache: new InquirySearchCache({
        maxIds: 0,
        maxEntryIds: -1,
      }),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  const params = (over: Partial<InquiryListParams>): InquiryListParams => ({
    page: 1,
    pageSize: 50,
    sort: 'createdAt',
    order: 'desc',
    status: undefined,
    ...over,
  });
  const answer = async (ctx: InquiryContext, p: InquiryListParams) => {
    const r = await listInquiries(ctx, staff, p);
    return { ids: r.items.map((i) => i._id), total: r.total, capped: r.capped, unfiltered: r.unfiltered };
  };

  it('gives the pages and counts the queries give, for every sort, order, status and page', async () => {
    for (const q of ['goa', 'rohan', 'o', 'priya sharma', 'ag', 'mail']) {
      for (const sort of INQUIRY_SORTS) {
        for (const order of ['asc', 'desc'] as const) {
          for (const status of [undefined, 'Working', 'Completed'] as const) {
            // A deep page of 200 costs a walk more than taking every match, which the cache then keeps.
            // Page 3 after page 9: within what page 9's walk met.
            for (const [page, pageSize] of [
              [1, 50],
              [9, 50],
              [3, 50],
              [5, 200],
            ] as const) {
              const p = params({ q, sort, order, status, page, pageSize });
              const label = `${q} ${sort} ${order} ${status ?? ''} ${page} of ${pageSize}`;
              expect(await answer(always, p), label).toEqual(await answer(never, p));
            }
          }
        }
      }
    }
    expect(always.searchCache.count).toBeGreaterThan(0);
    expect(never.searchCache.count).toBe(0);
  }, 120_000);

  it('keeps a search common in every status by the asked status alone', async () => {
    // 'rohan': about 150 Working of 1,200 in all, past the count limit; 'goa': 600 in all. Sorting every status's
    // matches of a search that common cost seconds at a million rows (a one-letter search) for a page of one status.
    const fresh = { ...always, searchCache: new InquirySearchCache() };
    const version = await findListVersion(t.app.db);
    const rohan = params({ q: 'rohan', status: 'Working', sort: 'customer' });
    expect(await answer(fresh, rohan)).toEqual(await answer(never, rohan));
    expect(fresh.searchCache.get(searchCacheKey('rohan', 'customer'), version)).toBeUndefined();
    const kept = fresh.searchCache.get(searchCacheKey('rohan', 'customer', 'Working'), version);
    expect(kept?.statuses.length).toBe((await answer(never, rohan)).total);
    // It serves the status's other pages and the other order; another status is kept apart.
    for (const p of [
      { ...rohan, page: 2, pageSize: 100 },
      { ...rohan, order: 'asc' as const },
      { ...rohan, status: 'Completed' as const },
    ]) {
      expect(await answer(fresh, p), JSON.stringify(p)).toEqual(await answer(never, p));
    }
    expect(fresh.searchCache.count).toBe(2);
    const goa = params({ q: 'goa', status: 'Working', sort: 'customer' });
    expect(await answer(fresh, goa)).toEqual(await answer(never, goa));
    expect(fresh.searchCache.get(searchCacheKey('goa', 'customer'), version)).toBeDefined();
  });

  it('walks for the page of a common search, and sorts every match for a page a walk would reach late', async () => {
    // A status, handler or follow-up edit empties every kept list: the next ask pays one page, not a sort of them all.
    // 'rohan': 1,200 matches of 3,000, past the count limit (a rarer search's matches are kept as the count finds them).
    const fresh = { ...always, searchCache: new InquirySearchCache() };
    const version = await findListVersion(t.app.db);
    const p = params({ q: 'rohan', sort: 'customer' });
    expect(await answer(fresh, p)).toEqual(await answer(never, p));
    expect(fresh.searchCache.get(searchCacheKey('rohan', 'customer'), version)).toBeUndefined();
    expect(fresh.searchCache.getWalk(walkCacheKey('rohan', 'customer', 'desc'), version)).toBeDefined();
    const deep = { ...p, page: 20 };
    expect(await answer(fresh, deep)).toEqual(await answer(never, deep));
    expect(fresh.searchCache.get(searchCacheKey('rohan', 'customer'), version)).toBeDefined();
  });

  it('keeps what a walk met: later pages within it are the pages a walk gives', async () => {
    // Nothing is sorted whole, so common words walk (as a third of a million rows do).
    const walking = { ...always, searchCache: new InquirySearchCache({ sortAllUpTo: 0 }) };
    for (const q of ['rohan', 'priya sharma']) {
      for (const sort of ['customer', 'destination'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          for (const status of [undefined, 'Working'] as const) {
            for (const [page, pageSize] of [
              [4, 50],
              [2, 50],
              [4, 50],
              [1, 200],
            ] as const) {
              const p = params({ q, sort, order, status, page, pageSize });
              const label = `${q} ${sort} ${order} ${status ?? ''} ${page} of ${pageSize}`;
              expect(await answer(walking, p), label).toEqual(await answer(never, p));
            }
          }
        }
      }
    }
    // Walks were kept (one per search, sort, order and status that walked; the rest took every match).
    expect(walking.searchCache.count).toBeGreaterThan(3);
  });

  it("gives D26's workflow pages and counts the queries give, from the cached sets", async () => {
    const handler = await createUser(t, { role: 'Staff', name: 'Hari Handler' });
    const day = 86_400_000;
    const at = Date.now();
    // More than the few rows a filter's own index serves (2,000): the unassigned and the overdue are kept.
    await insertRows(
      t,
      Array.from({ length: 2_600 }, (_, i) =>
        row({
          customer_name: names[(i * 3) % names.length]!,
          location: places[i % places.length]!,
          status: INQUIRY_STATUSES[i % 3]!,
          ...(i % 4 === 0 ? { staff_id: handler.id, staff_name: handler.name } : {}),
          follow_up_at: i % 7 === 0 ? null : i % 11 === 0 ? at + (i % 5) * day : at - (i % 9) * day - 1,
        }),
      ),
    );
    const filters: Partial<InquiryListParams>[] = [
      { assignedTo: 'unassigned' },
      { assignedTo: handler.id },
      { followUp: 'overdue' },
      { followUp: 'upcoming' },
      { followUp: 'none' },
      { assignedTo: 'unassigned', followUp: 'overdue' },
      { assignedTo: handler.id, followUp: 'none' },
      { assignedTo: 'unassigned', q: 'rohan' },
      { assignedTo: handler.id, followUp: 'none', q: 'rohan' },
      { followUp: 'overdue', q: 'rohan' },
    ];
    // A handler's rows read no further than each page.
    const exact = { ...always, searchCache: new InquirySearchCache({ maxIds: 1e6, maxEntryIds: 1e6, firstRows: 0 }) };
    for (const filter of filters) {
      for (const sort of INQUIRY_SORTS) {
        for (const order of ['asc', 'desc'] as const) {
          for (const status of [undefined, 'Working'] as const) {
            for (const [page, pageSize] of [
              [1, 50],
              [4, 200],
              [9, 200],
            ] as const) {
              const p = params({ ...filter, sort, order, status, page, pageSize });
              const label = `${JSON.stringify(filter)} ${sort} ${order} ${status ?? ''} ${page} of ${pageSize}`;
              // Twice: the first answer may be the one that builds the entry.
              const expected = await answer(never, p);
              const answers = [await answer(always, p), await answer(always, p), await answer(exact, p)];
              for (const got of answers) {
                expect(got.ids, label).toEqual(expected.ids);
                // A common search under a workflow filter is counted exactly when kept; the walk says "1,000+".
                if (expected.capped) expect(got.total, label).toBeLessThanOrEqual(expected.total);
                else expect(got, label).toEqual(expected);
              }
            }
          }
        }
      }
    }
    expect(never.searchCache.count).toBe(0);
  }, 120_000);

  it("walks to a handler's first page, then reads their first rows by a bounded sort, and further past them", async () => {
    const fresh = { ...always, searchCache: new InquirySearchCache({ firstRows: 400 }) };
    const version = await findListVersion(t.app.db);
    const p = params({ assignedTo: 'unassigned', sort: 'email', order: 'desc', page: 2 });
    const key = walkCacheKey(workflowCacheKey('staff  ', 'email'), 'email', 'desc');
    const first = await answer(fresh, p);
    expect(first.total).toBeGreaterThan(1_000);
    expect(first).toEqual(await answer(never, p));
    // The first ask walks the sort index up to its page, kept with the count.
    expect(fresh.searchCache.getWalk(key, version)).toMatchObject({ complete: false, total: first.total });
    expect(sizeOf(fresh.searchCache.getWalk(key, version)!)).toBe(100);
    // A page further than a walk of 400 rows would reach: the set's first 400 rows in this order, by a bounded sort.
    expect(await answer(fresh, { ...p, page: 8 })).toEqual(await answer(never, { ...p, page: 8 }));
    expect(sizeOf(fresh.searchCache.getWalk(key, version)!)).toBe(400);
    // A page within them reads no other row.
    expect(await answer(fresh, { ...p, page: 5 })).toEqual(await answer(never, { ...p, page: 5 }));
    expect(sizeOf(fresh.searchCache.getWalk(key, version)!)).toBe(400);
    // A page past them reads the rows up to it, and keeps those.
    expect(await answer(fresh, { ...p, page: 9 })).toEqual(await answer(never, { ...p, page: 9 }));
    expect(sizeOf(fresh.searchCache.getWalk(key, version)!)).toBe(450);
    // No set of every row is sorted for it.
    expect(fresh.searchCache.count).toBe(1);
  });

  it('is fresh after every kind of write, including writes that bypass the API', async () => {
    const p = params({ q: 'kerala', sort: 'customer', order: 'asc' });
    const before = await answer(always, p);
    const v0 = await findListVersion(t.app.db);

    // An insert straight into the table (another process, the seed) moves the version on.
    await insertRows(t, [row({ customer_name: 'Aaron Kerala', location: 'Kerala', created_at: 1, updated_at: 1 })]);
    const v1 = await findListVersion(t.app.db);
    expect(v1).toBeGreaterThan(v0);
    const afterInsert = await answer(always, p);
    expect(afterInsert).toEqual(await answer(never, p));
    expect(afterInsert.ids[0]).not.toBe(before.ids[0]);

    // An edit of a sort key moves it within the cached order.
    await sql`UPDATE inquiries SET customer_name = 'zz Last' WHERE customer_name = 'Aaron Kerala'`.execute(t.app.db);
    expect(await findListVersion(t.app.db)).toBeGreaterThan(v1);
    expect(await answer(always, p)).toEqual(await answer(never, p));
    expect((await answer(always, p)).ids).toEqual(before.ids);

    // updated_at alone (a note) reorders a search sorted by it, and keeps the other sorts' entries.
    const byTouch = params({ q: 'kerala', sort: 'updatedAt', order: 'desc' });
    const oldest = (await answer(always, byTouch)).ids.at(-1)!;
    const customerKey = searchCacheKey('kerala', 'customer');
    const held = always.searchCache.get(customerKey, await findListVersion(t.app.db));
    expect(held).toBeDefined();
    await sql`UPDATE inquiries SET updated_at = ${Date.UTC(2030, 0, 1)} WHERE id = ${oldest}`.execute(t.app.db);
    expect((await answer(always, byTouch)).ids[0]).toBe(oldest);
    expect(await answer(always, byTouch)).toEqual(await answer(never, byTouch));
    expect(always.searchCache.get(customerKey, await findListVersion(t.app.db))).toBe(held);
    expect(await answer(always, p)).toEqual(await answer(never, p));

    // A soft delete takes a match out.
    const first = before.ids[0]!;
    await sql`UPDATE inquiries SET deleted_at = 5 WHERE id = ${first}`.execute(t.app.db);
    const afterDelete = await answer(always, p);
    expect(afterDelete).toEqual(await answer(never, p));
    expect(afterDelete.ids).not.toContain(first);
  });

  it('finds a word start that a write brought after the same one-letter search was answered', async () => {
    const p = params({ q: 'x' });
    expect((await answer(always, p)).total).toBe(0);
    await insertRows(t, [row({ customer_name: 'Xavier Dsouza', location: 'Kerala' })]);
    const after = await answer(always, p);
    expect(after.total).toBe(1);
    expect(after).toEqual(await answer(never, p));
  });

  it('falls back to the queries for a search with more matches than an entry may hold', async () => {
    const small = {
      ...always,
      searchCache: new InquirySearchCache({
        maxIds: 1e6,
        maxEntryIds: 100,
      }),
    };
    const p = params({ q: 'o', sort: 'email', order: 'desc', page: 4 });
    expect(await answer(small, p)).toEqual(await answer(never, p));
    expect(small.searchCache.count).toBe(0);
  });
});

// A search remembered as common has its first page walked before its floor confirms it; one remembered as rare
// is counted without its floor. Wrong guesses (a word that became rare, or common) must change no answer.
