// The word pairs (migration 008 on SQLite, 009 on PostgreSQL): the prefixes a query looks for, the pairs the
// triggers keep through every write, and a search through them finding exactly what LIKE finds.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_STATUSES, INQUIRY_TEXT_LIMITS } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { PAIR_POSITIONS, VISIBLE_TEXTS, pairRows } from '../db/migrations/008-inquiry-word-pairs';
import { PG_PAIRS_FUNCTION } from '../db/migrations/009-inquiry-word-pairs-postgres';
import { insertRows, row } from './inquiry-test-kit';
import { pairIsExact, wordPairLookups } from './inquiry-word-pairs';
import {
  PAIR_HEADS,
  buildPairCountsQuery,
  findCandidateMatches,
  findPairPage,
  findRarestPair,
} from './inquiry-search.repository';
import { prepareSearch, rowText } from './inquiry-search-text';

describe('word pair lookups of a query', () => {
  it('takes the head after each space and the tail before it backwards, closed where the query shows an end', () => {
    expect(wordPairLookups('suresh srivastava')).toEqual([{ prefix: 'srivas|hser' }]);
    // The last word may begin a longer one: its head is open and the tail is tested apart.
    expect(wordPairLookups('resh sr')).toEqual([{ prefix: 'sr', tail: 'hser' }]);
    expect(wordPairLookups('kumar sharma follow up')).toEqual([
      { prefix: 'sharma|ramu' },
      { prefix: 'follow|amra' },
      { prefix: 'up', tail: 'woll' },
    ]);
    // A head stops at the first character that is not a letter, which closes it.
    expect(wordPairLookups('booking pend1ng')).toEqual([{ prefix: 'pend|gnik' }]);
  });

  it('finds a short first word as the end of any word, and a short word inside the query as a whole word', () => {
    expect(wordPairLookups('om jain')).toEqual([{ prefix: 'jain', tail: 'mo' }]);
    expect(wordPairLookups('dev sharma')).toEqual([{ prefix: 'sharma|ved' }]);
    expect(wordPairLookups('x.om jain')).toEqual([{ prefix: 'jain', tail: 'mo^' }]);
    expect(wordPairLookups('ravi om jain')).toEqual([{ prefix: 'om|ivar' }, { prefix: 'jain', tail: 'mo^' }]);
  });

  it('knows a query whose pair rows are exactly its matches: two words of letters, short enough to be whole', () => {
    for (const q of ['om j', 'om jain', 'ravi k', 'm jainen', 'ravi kapoor']) expect(pairIsExact(q), q).toBe(true);
    // A first word longer than a tail, a last word longer than a head ("kapoor|ivar" is in "Ravi Kapoor" too), more
    // than two words, or anything but letters.
    for (const q of ['suresh s', 'ravi kapoors', 'ravi om jain', 'om-jain', 'om j.', 'o1 jain', 'om']) {
      expect(pairIsExact(q), q).toBe(false);
    }
  });

  it('gives none where a space has no letter on one side', () => {
    expect(wordPairLookups('suresh')).toEqual([]);
    expect(wordPairLookups('suresh 98765')).toEqual([]);
    expect(wordPairLookups('ab1 sharma')).toEqual([]);
    expect(wordPairLookups('+91 98765 43210')).toEqual([]);
  });
});

describe.each(testEngines)('word pairs on %s (migrations 008 and 009)', (engine) => {
  let t: TestApp;
  // SQLite keys the pairs by seq, PostgreSQL by id.
  const key = sql.raw(engine === 'postgres' ? 'id' : 'seq');
  const stored = async () =>
    (
      await sql<{ pair: string; k: string }>`SELECT pair, ${key} AS k FROM inquiry_word_pairs ORDER BY pair, k`.execute(
        t.app.db,
      )
    ).rows;
  // What the migration's own fill would store now, from the table.
  const rebuilt = async () =>
    (engine === 'postgres'
      ? await sql<{ pair: string; k: string }>`
            SELECT DISTINCT p.pair, i.id AS k FROM inquiries i, ${sql.raw(PG_PAIRS_FUNCTION)}(i.search_text) AS p(pair)
            WHERE i.deleted_at IS NULL ORDER BY 1, 2`.execute(t.app.db)
      : await sql<{ pair: string; k: string }>`
            SELECT DISTINCT pair, seq AS k FROM (${sql.raw(pairRows(VISIBLE_TEXTS))}) ORDER BY 1, 2`.execute(t.app.db)
    ).rows;
  const pairsOf = async (id: string) =>
    (
      await sql<{ pair: string }>`
        SELECT pair FROM inquiry_word_pairs WHERE ${key} = (SELECT ${key} FROM inquiries WHERE id = ${id}) ORDER BY pair`.execute(
        t.app.db,
      )
    ).rows.map((r) => r.pair);

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps each inquiry’s pairs through inserts, edits, a soft delete, a restore and a delete', async () => {
    const suresh = row({
      customer_name: 'Suresh Srivastava',
      customer_email: 'suresh.sri@example.com',
      customer_whatsapp: '+91 98765 43210',
      location: 'Leh Ladakh',
      status: 'Follow Up',
      staff_name: 'Anita Desai',
    });
    const other = row({ customer_name: 'Om  Prakash-Rao', location: 'Goa', status: 'New' });
    await insertRows(t, [suresh, other]);
    // Each space with a letter on either side, within a field or between two.
    expect(await pairsOf(suresh.id)).toEqual([
      'anita|pu^',
      'desai|atin',
      'follow|hkad',
      'ladakh|hel^',
      'srivas|hser',
      'suresh|avat',
      'up|woll',
    ]);
    // The double space has no letter beside either of its spaces; "Prakash-Rao" ends in three letters.
    expect(await pairsOf(other.id)).toEqual(['custom|oar^', 'new|aog^']);

    await sql`UPDATE inquiries SET customer_name = 'Suresh Iyer', status = 'Booked' WHERE id = ${suresh.id}`.execute(
      t.app.db,
    );
    expect(await pairsOf(suresh.id)).toEqual([
      'anita|deko',
      'booked|hkad',
      'desai|atin',
      'iyer|hser',
      'ladakh|hel^',
      'suresh|reyi',
    ]);
    await sql`UPDATE inquiries SET deleted_at = 1 WHERE id = ${suresh.id}`.execute(t.app.db);
    expect(await pairsOf(suresh.id)).toEqual([]);
    await sql`UPDATE inquiries SET deleted_at = NULL WHERE id = ${suresh.id}`.execute(t.app.db);
    expect(await pairsOf(suresh.id)).toEqual([
      'anita|deko',
      'booked|hkad',
      'desai|atin',
      'iyer|hser',
      'ladakh|hel^',
      'suresh|reyi',
    ]);
    // A change elsewhere in the row leaves them be.
    await sql`UPDATE inquiries SET extra_info = 'Window seat' WHERE id = ${suresh.id}`.execute(t.app.db);
    expect(await pairsOf(suresh.id)).toEqual([
      'anita|deko',
      'booked|hkad',
      'desai|atin',
      'iyer|hser',
      'ladakh|hel^',
      'suresh|reyi',
    ]);
    await sql`DELETE FROM inquiries WHERE id = ${suresh.id}`.execute(t.app.db);
    expect(await stored()).toEqual(await rebuilt());
    expect((await stored()).some((p) => p.pair === 'iyer|hser')).toBe(false);
  });

  it.runIf(engine === 'postgres')('keeps each pair’s created_at with it (migration 010)', async () => {
    const a = row({ customer_name: 'Kiran Bedi', created_at: Date.UTC(2025, 0, 2) });
    await insertRows(t, [a]);
    const stale = async () =>
      (
        await sql<{ n: string }>`
          SELECT count(*) AS n FROM inquiry_word_pairs w JOIN inquiries i ON i.id = w.id
          WHERE w.created_at IS DISTINCT FROM i.created_at`.execute(t.app.db)
      ).rows[0]!.n;
    const createdOf = async () =>
      (
        await sql<{ c: string }>`SELECT DISTINCT created_at AS c FROM inquiry_word_pairs WHERE id = ${a.id}`.execute(
          t.app.db,
        )
      ).rows.map((r) => Number(r.c));
    expect(await createdOf()).toEqual([Date.UTC(2025, 0, 2)]);
    // A restore or an import may move it: the pairs follow.
    await sql`UPDATE inquiries SET created_at = ${Date.UTC(2024, 5, 1)} WHERE id = ${a.id}`.execute(t.app.db);
    expect(await createdOf()).toEqual([Date.UTC(2024, 5, 1)]);
    expect(Number(await stale())).toBe(0);
  });

  it('covers the longest search text the API accepts, to its last pair', async () => {
    // The create schema's limits: name, e-mail (254), WhatsApp number (30), location; a staff name (100).
    const status = [...INQUIRY_STATUSES].sort((a, b) => b.length - a.length)[0]!;
    const longest = 1 + INQUIRY_TEXT_LIMITS.name + 1 + 254 + 1 + 30 + 1 + INQUIRY_TEXT_LIMITS.location + 1;
    expect(longest + status.length + 1 + 100 + 1).toBeLessThanOrEqual(PAIR_POSITIONS);
    const filled = row({
      customer_name: 'N'.repeat(INQUIRY_TEXT_LIMITS.name),
      customer_email: `${'e'.repeat(240)}@example.com`,
      customer_whatsapp: '+91 '.padEnd(30, '9'),
      location: 'L'.repeat(INQUIRY_TEXT_LIMITS.location),
      status,
      staff_name: `${'S'.repeat(94)} Zyxwv`,
    });
    await insertRows(t, [filled]);
    expect(await pairsOf(filled.id)).toContain('zyxwv|ssss');
  });

  it('finds through a pair exactly the rows LIKE finds, in the list’s order', async () => {
    const names = [
      'Suresh Srivastava',
      'SURESH SRIVASTAVA',
      'Ramsuresh Srivastav',
      'Naresh Srivastava',
      'Suresh Sriram',
      'Suresh  Srivastava',
      'Suresh.Srivastava',
      'Mahesh Srivastava',
      'Om Jain',
      'Shalom Jainendra',
      'Ravi Om Jain',
      'Tom Jain',
      'Om-Jain',
    ];
    await insertRows(
      t,
      names.map((customer_name, i) => row({ customer_name, status: i % 2 === 0 ? 'New' : 'Booked' })),
    );
    const like = async (q: string, status?: string) =>
      (
        await sql<{ id: string }>`
          SELECT id FROM inquiries WHERE deleted_at IS NULL AND (${rowText(engine)}) LIKE ${`%${q}%`}
          ${status ? sql`AND status = ${status}` : sql``} ORDER BY created_at, id`.execute(t.app.db)
      ).rows.map((r) => r.id);
    const queries = ['suresh srivastava', 'resh sri', 'uresh srivastav', 'suresh sriram', 'h srivastava'];
    for (const q of [
      ...queries,
      'om jain',
      'om jainen',
      'ravi om jain',
      'm j',
      'om j',
      'suresh s',
      'om-jain',
      'avi om',
    ]) {
      const search = await prepareSearch(t.app.db, engine, q);
      for (const status of [undefined, 'Booked']) {
        const found = await findCandidateMatches(t.app.db, search, 1000, { status });
        // PostgreSQL has no candidates for "om-jain" (two trigrams of letters): its search reads them all.
        if (!search.pairs && !search.candidates) continue;
        expect(
          found?.map((m) => m.id),
          `${q} ${status ?? ''}`,
        ).toEqual(await like(q, status));
      }
    }
    // "om-jain" has no pair (no space) and went by its trigrams; the others by a pair.
    expect(await prepareSearch(t.app.db, engine, 'om-jain')).not.toHaveProperty('pairs');
    expect(await prepareSearch(t.app.db, engine, 'Suresh Srivastava')).toMatchObject({
      pairs: [{ prefix: 'srivas|hser' }],
    });
  });

  it('reads a page newest or oldest first from a pair’s entries, and none when its rows do not all match', async () => {
    const like = async (q: string, order: 'asc' | 'desc') =>
      (
        await sql<{ id: string }>`
          SELECT id FROM inquiries WHERE deleted_at IS NULL AND (${rowText(engine)}) LIKE ${`%${q}%`}
          ORDER BY created_at ${sql.raw(order)}, id ${sql.raw(order)}`.execute(t.app.db)
      ).rows.map((r) => r.id);
    // Queries whose pair holds just their matches ("suresh sri" would not: "Naresh Srivastava" has "srivas|hser").
    for (const q of ['om jain', 'm j']) {
      const search = await prepareSearch(t.app.db, engine, q);
      const lookup = search.pairs![0]!;
      for (const order of ['asc', 'desc'] as const) {
        const want = await like(q, order);
        const page = await findPairPage(t.app.db, search, lookup, order, 2);
        expect(
          page?.rows.map((r) => r.id),
          `${q} ${order}`,
        ).toEqual(want.slice(0, 2));
        // More than it has: the caller reads every match instead, unless the pair is exact (the page is the last).
        expect(await findPairPage(t.app.db, search, lookup, order, want.length + 1)).toBeUndefined();
        expect(pairIsExact(q)).toBe(true);
        const all = await findPairPage(t.app.db, search, lookup, order, want.length + 1, true);
        expect(all?.rows.map((r) => r.id)).toEqual(want);
        expect(all?.total).toBe(want.length);
      }
    }
    // The rows of "jain|mo…" that are not "om jainen".
    const jainen = await prepareSearch(t.app.db, engine, 'om jainen');
    expect(await findPairPage(t.app.db, jainen, { prefix: 'jain', tail: 'mo' }, 'desc', 2)).toBeUndefined();
  });

  it('takes the pair with the fewest rows, and none when every pair reaches the window', async () => {
    const lookups = [{ prefix: 'srivas|hser' }, { prefix: 'sriram|hser' }, { prefix: 'jain', tail: 'mo' }];
    expect(await findRarestPair(t.app.db, engine, lookups, 1000)).toEqual({ prefix: 'sriram|hser' });
    expect(await findRarestPair(t.app.db, engine, lookups, 1)).toBeUndefined();
    expect(await findRarestPair(t.app.db, engine, [], 1000)).toBeUndefined();
  });

  it('counts an open head that begins more than PAIR_HEADS words as too many, and then goes by the trigrams', async () => {
    // "Zed Jaa", "Zed Jab", …: one more distinct word after "zed j" than the heads read.
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    const words = Array.from({ length: PAIR_HEADS + 1 }, (_, i) => `J${letters[Math.floor(i / 26)]}${letters[i % 26]}`);
    await insertRows(
      t,
      words.map((w) => row({ customer_name: `Zed ${w}` })),
    );
    const lookup = { prefix: 'j', tail: 'dez' };
    const counted = async (lookups: { prefix: string; tail?: string }[]) =>
      (await t.app.db.executeQuery(buildPairCountsQuery(t.app.db, engine, lookups, 5000))).rows.map((r) => Number(r.n));
    expect(await counted([lookup])).toEqual([5000]);
    expect(await findRarestPair(t.app.db, engine, [lookup], 5000)).toBeUndefined();
    // One letter more leaves 26 words, read one range each.
    expect(await counted([{ prefix: 'ja', tail: 'dez' }])).toEqual([26]);
    const search = await prepareSearch(t.app.db, engine, 'zed j');
    const found = await findCandidateMatches(t.app.db, search, 1000);
    if (found) expect(found).toHaveLength(PAIR_HEADS + 1);
  });
});
