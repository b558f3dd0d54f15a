// The search cache: its bookkeeping, and on both engines that cached pages are the pages the queries give,
// that every write (through the API or straight into the table) makes the next answer fresh, and that a
// search too large to keep falls back to the queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { INQUIRY_SORTS, INQUIRY_STATUSES, SEARCH_COUNT_LIMIT, type InquiryListParams } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import type { AuthUser } from '../plugins/access';
import { findNewestSearchTexts } from './inquiry-search.repository';
import { TRIGRAM_SAMPLE_ROWS, TrigramSample } from './inquiry-trigram-sample';
import { listInquiries } from './inquiry-list.service';
import type { InquiryContext } from './inquiry.service';
import { InquirySearchCache, floorAt, pageOfMatches, searchCacheKey, type SortedMatches } from './inquiry-search-cache';
import { findListVersion, insertRows, row } from './inquiry-test-kit';

// The back-office user every list call here is made as (the service reads only its role).
const staff: AuthUser = { id: '00000000-0000-7000-8000-00000000000a', name: 'Staff', email: 's@x.test', role: 'Staff' };

const entry = (version: number, ids: string[], statuses: number[] = ids.map(() => 0)): SortedMatches => ({
  version,
  ids,
  statuses: Uint8Array.from(statuses),
});

describe('InquirySearchCache', () => {
  it('answers an entry only at the version it was read at', () => {
    const cache = new InquirySearchCache();
    cache.set('k', entry(3, ['a', 'b']));
    expect(cache.get('k', 3)?.ids).toEqual(['a', 'b']);
    expect(cache.has('k')).toBe(true);
    expect(cache.get('k', 4)).toBeUndefined();
    // The stale entry is gone, even for its own version.
    expect(cache.get('k', 3)).toBeUndefined();
    expect(cache.has('k')).toBe(false);
    expect(cache.count).toBe(0);
  });

  it('drops the least recently used entries past its size, and never keeps an entry too large', () => {
    const cache = new InquirySearchCache({
      maxIds: 5,
      maxEntryIds: 3,
      minRowsToBuild: 0,
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
  });

  it('remembers how each search counted, per status filter, up to its limit', () => {
    const cache = new InquirySearchCache({ maxCountedSearches: 2 });
    cache.noteCount('Nepal', undefined, 'common');
    cache.noteCount('nepal', 'Booked', 'rare');
    expect(cache.countedAs('NEPAL', undefined)?.how).toBe('common');
    expect(cache.countedAs('nepal', 'Booked')?.how).toBe('rare');
    expect(cache.countedAs('nepal', 'New')).toBeUndefined();
    // Noting again makes it the most recently used; the least recently used goes past the limit.
    cache.noteCount('nepal', undefined, 'common');
    cache.noteCount('goa', undefined, 'rare');
    expect(cache.countedAs('nepal', 'Booked')).toBeUndefined();
    expect(cache.countedAs('nepal', undefined)?.how).toBe('common');
    // Undefined forgets.
    cache.noteCount('goa', undefined, undefined);
    expect(cache.countedAs('goa', undefined)).toBeUndefined();
  });

  it('keeps a floor with its version, less a match per version since', () => {
    const cache = new InquirySearchCache();
    cache.noteCount('nepal', undefined, 'common');
    cache.noteFloor('nepal', undefined, { version: 10, n: 2000 });
    const memo = cache.countedAs('nepal', undefined);
    expect(memo).toEqual({ how: 'common', floor: { version: 10, n: 2000 } });
    expect(floorAt(memo, 10)).toBe(2000);
    expect(floorAt(memo, 250)).toBe(1760);
    // Read before the floor was: not known.
    expect(floorAt(memo, 9)).toBeUndefined();
    expect(floorAt(undefined, 10)).toBeUndefined();
    // Noting how it counted keeps the floor; forgetting drops both.
    cache.noteCount('nepal', undefined, 'common');
    expect(cache.countedAs('nepal', undefined)?.floor).toEqual({ version: 10, n: 2000 });
    cache.noteCount('nepal', undefined, undefined);
    expect(cache.countedAs('nepal', undefined)).toBeUndefined();
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

  it('reads the word-start trigrams of a letter whole once, then only what later versions added', async () => {
    const cache = new InquirySearchCache();
    const calls: string[] = [];
    const read = (all: string[], added: string[] = []) => ({
      all: () => {
        calls.push('all');
        return Promise.resolve(all);
      },
      added: (known: readonly string[]) => {
        calls.push(`added after ${known.join(',')}`);
        return Promise.resolve(added);
      },
    });
    expect(await cache.wordStartTerms(' g', 1, read([' go']))).toEqual([' go']);
    expect(await cache.wordStartTerms(' g', 1, read([' gx']))).toEqual([' go']);
    expect(await cache.wordStartTerms(' m', 1, read([' ma']))).toEqual([' ma']);
    expect(await cache.wordStartTerms(' g', 2, read([' gx'], [' gu']))).toEqual([' go', ' gu']);
    expect(await cache.wordStartTerms(' g', 2, read([' gx']))).toEqual([' go', ' gu']);
    expect(calls).toEqual(['all', 'all', 'added after  go']);
  });

  it('forgets a failed read, and reads the list whole after it', async () => {
    const cache = new InquirySearchCache();
    const failing = { all: () => Promise.reject(new Error('busy')), added: () => Promise.reject(new Error('busy')) };
    await expect(cache.wordStartTerms(' k', 2, failing)).rejects.toThrow('busy');
    const ok = { all: () => Promise.resolve([' ke']), added: () => Promise.resolve([' kx']) };
    expect(await cache.wordStartTerms(' k', 2, ok)).toEqual([' ke']);
    await expect(cache.wordStartTerms(' k', 3, failing)).rejects.toThrow('busy');
    expect(await cache.wordStartTerms(' k', 3, ok)).toEqual([' ke']);
  });

  it('keys an entry by sort and the case-folded search', () => {
    expect(searchCacheKey('Goa', 'customer')).toBe(searchCacheKey('goa', 'customer'));
    expect(searchCacheKey('goa', 'customer')).not.toBe(searchCacheKey('goa', 'email'));
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
    // More matches than SEARCH_COUNT_LIMIT, so searches take the paths a common word takes at scale.
    await insertRows(
      t,
      Array.from({ length: SEARCH_COUNT_LIMIT + 300 }, (_, i) =>
        row({
          customer_name: names[(i * 7) % names.length]!,
          customer_email: `c${i % 31}@mail.example`,
          customer_whatsapp: `+91 98${String(100000 + ((i * 7919) % 900000)).slice(-6)}00`,
          location: places[i % places.length]!,
          status: INQUIRY_STATUSES[(i * 3) % INQUIRY_STATUSES.length]!,
          staff_name: i % 4 === 0 ? '' : 'Priya Sharma',
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
        minRowsToBuild: 0,
      }),
    };
    never = {
      ...base,
      searchCache: new InquirySearchCache({
        maxIds: 0,
        maxEntryIds: -1,
        minRowsToBuild: 0,
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
    for (const q of ['goa', 'rohan', 'o', 'priya sharma', 'ag']) {
      for (const sort of INQUIRY_SORTS) {
        for (const order of ['asc', 'desc'] as const) {
          for (const status of [undefined, 'Working', 'Completed'] as const) {
            for (const page of [1, 3, 9]) {
              const p = params({ q, sort, order, status, page });
              const label = `${q} ${sort} ${order} ${status ?? ''} ${page}`;
              expect(await answer(always, p), label).toEqual(await answer(never, p));
            }
          }
        }
      }
    }
    expect(always.searchCache.count).toBeGreaterThan(0);
    expect(never.searchCache.count).toBe(0);
  }, 30_000);

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
        minRowsToBuild: 0,
      }),
    };
    const p = params({ q: 'o', sort: 'email', order: 'desc', page: 4 });
    expect(await answer(small, p)).toEqual(await answer(never, p));
    expect(small.searchCache.count).toBe(0);
  });
});

// A search remembered as common has its first page walked before its floor confirms it; one remembered as rare
// is counted without its floor. Wrong guesses (a word that became rare, or common) must change no answer.
describe.each(testEngines)('remembering how searches counted on %s', (engine) => {
  let t: TestApp;
  // Never an entry kept, so every answer is counted and found by the queries.
  const noEntries = { maxIds: 0, maxEntryIds: -1, minRowsToBuild: 0 };
  let context: (cache: InquirySearchCache) => InquiryContext;

  beforeAll(async () => {
    t = await createTestApp(engine);
    // 'nepal' is common (its destination's rows alone reach the count limit), with or without the status Booked;
    // the rest are rare.
    await insertRows(
      t,
      Array.from({ length: 2 * SEARCH_COUNT_LIMIT + 600 }, (_, i) =>
        row({
          customer_name: ['Ritu Nair', 'Kabir Sen', 'Nepal Singh'][i % 3]!,
          location: i % 8 === 7 ? 'Goa' : 'Nepal',
          status: i % 2 === 0 ? 'Booked' : INQUIRY_STATUSES[i % INQUIRY_STATUSES.length]!,
          deleted_at: i % 41 === 7 ? Date.UTC(2024, 6, 1) : null,
        }),
      ),
    );
    context = (searchCache) => ({ db: t.app.db, engine, searchCache });
  });
  afterAll(async () => {
    await t.close();
  });

  const answer = async (ctx: InquiryContext, p: InquiryListParams) => {
    const r = await listInquiries(ctx, staff, p);
    return { ids: r.items.map((i) => i._id), total: r.total, capped: r.capped };
  };
  const params = (
    q: string,
    status: string | undefined,
    page: number,
    sort: InquiryListParams['sort'],
    order: InquiryListParams['order'] = 'desc',
  ) => ({ q, status, page, pageSize: 50, sort, order }) as InquiryListParams;

  it('learns which searches are common and which rare', async () => {
    const cache = new InquirySearchCache(noEntries);
    await answer(context(cache), params('nepal', undefined, 1, 'createdAt'));
    await answer(context(cache), params('goa', undefined, 1, 'createdAt'));
    await answer(context(cache), params('ritu', 'Booked', 1, 'createdAt'));
    await answer(context(cache), params('nepal', 'Booked', 1, 'createdAt'));
    expect(cache.countedAs('nepal', undefined)?.how).toBe('common');
    expect(cache.countedAs('nepal', 'Booked')?.how).toBe('common');
    expect(cache.countedAs('goa', undefined)?.how).toBe('rare');
    expect(cache.countedAs('ritu', 'Booked')?.how).toBe('rare');
    // The common one's floor, counted past the limit, with the version it was read at.
    const floor = cache.countedAs('nepal', undefined)?.floor;
    expect(floor?.n).toBeGreaterThan(SEARCH_COUNT_LIMIT);
    expect(floor?.version).toBe(await findListVersion(t.app.db));
    // Capped by the status counters alone (every Booked inquiry): kept as its floor too, with their count.
    await answer(context(cache), params('booked', undefined, 1, 'createdAt'));
    const booked = (
      await sql<{ n: string }>`SELECT n FROM inquiry_status_counts WHERE status = 'Booked'`.execute(t.app.db)
    ).rows[0]!.n;
    expect(cache.countedAs('booked', undefined)?.floor).toEqual({
      version: await findListVersion(t.app.db),
      n: Number(booked),
    });
  });

  it('answers the same whatever it remembers, right or wrong', async () => {
    for (const q of ['nepal', 'goa', 'ritu nair', 'sen']) {
      for (const status of [undefined, 'Booked']) {
        for (const [sort, order] of [
          ['createdAt', 'desc'],
          ['createdAt', 'asc'],
          ['customer', 'desc'],
        ] as const) {
          for (const page of [1, 4, 9]) {
            const p = params(q, status, page, sort, order);
            const fresh = await answer(context(new InquirySearchCache({ ...noEntries, maxCountedSearches: 0 })), p);
            for (const how of ['common', 'rare'] as const) {
              const misled = new InquirySearchCache(noEntries);
              misled.noteCount(q, status, how);
              expect(
                await answer(context(misled), p),
                `${q} ${status ?? ''} ${sort} ${order} ${page} as ${how}`,
              ).toEqual(fresh);
            }
          }
        }
      }
    }
  }, 30_000);

  it('answers the same when a trigram sample picks the candidates', async () => {
    const sampled = {
      ...context(new InquirySearchCache(noEntries)),
      trigramSample: new TrigramSample(() => findNewestSearchTexts(t.app.db, TRIGRAM_SAMPLE_ROWS)),
    };
    // The first search starts the sample; the next ones use it.
    sampled.trigramSample.current();
    await sampled.trigramSample.settled();
    expect(sampled.trigramSample.current()?.size).toBeGreaterThan(0);
    for (const q of ['ritu nair', 'kabir sen nepal', 'nepal singh']) {
      for (const sort of ['createdAt', 'customer'] as const) {
        const p = params(q, undefined, 1, sort);
        expect(await answer(sampled, p), `${q} ${sort}`).toEqual(
          await answer(context(new InquirySearchCache(noEntries)), p),
        );
      }
    }
  });

  // Last: it changes the data.
  it('no longer takes a remembered floor for known once one write has changed enough rows', async () => {
    const cache = new InquirySearchCache(noEntries);
    const p = params('nepal', undefined, 1, 'createdAt');
    expect((await answer(context(cache), p)).capped).toBe(true);
    expect(cache.countedAs('nepal', undefined)?.floor?.n).toBeGreaterThan(SEARCH_COUNT_LIMIT);
    // One statement takes all but 300 matches away.
    await sql`UPDATE inquiries SET location = 'Goa', customer_name = 'Ritu Nair'
      WHERE id NOT IN (SELECT id FROM inquiries WHERE location = 'Nepal' ORDER BY id LIMIT 300)`.execute(t.app.db);
    const after = await answer(context(cache), p);
    expect(after).toEqual(await answer(context(new InquirySearchCache(noEntries)), p));
    expect(after.capped).toBe(false);
    expect(after.total).toBeLessThanOrEqual(300);
  });
});
