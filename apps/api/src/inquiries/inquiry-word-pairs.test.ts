// SQLite's word pairs (migration 008): the prefixes a query looks for, the pairs the triggers keep through every
// write, and a search through them finding exactly what LIKE finds.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_STATUSES, INQUIRY_TEXT_LIMITS } from '@safarnama/contract';
import { createTestApp, type TestApp } from '../test/helper';
import { PAIR_POSITIONS, VISIBLE_TEXTS, pairRows } from '../db/migrations/008-inquiry-word-pairs';
import { sqliteRowText } from '../db/migrations/004-inquiry-indexes';
import { insertRows, row } from './inquiry-test-kit';
import { wordPairPrefixes } from './inquiry-word-pairs';
import { findCandidateMatches, findRarestPair } from './inquiry-search.repository';
import { prepareSearch } from './inquiry-search-text';

describe('word pair prefixes of a query', () => {
  it('takes four letters before each space and up to six after it', () => {
    expect(wordPairPrefixes('suresh srivastava')).toEqual(['resh srivas']);
    expect(wordPairPrefixes('resh sr')).toEqual(['resh sr']);
    expect(wordPairPrefixes('kumar sharma follow up')).toEqual(['umar sharma', 'arma follow', 'llow up']);
    // The head stops at the first character that is not a letter.
    expect(wordPairPrefixes('booking pend1ng')).toEqual(['king pend']);
  });

  it('gives none where a space has too few letters around it', () => {
    expect(wordPairPrefixes('suresh')).toEqual([]);
    expect(wordPairPrefixes('dev sharma')).toEqual([]);
    expect(wordPairPrefixes('suresh 98765')).toEqual([]);
    expect(wordPairPrefixes('ab1c sharma')).toEqual([]);
    expect(wordPairPrefixes('+91 98765 43210')).toEqual([]);
  });
});

describe('word pairs on sqlite (migration 008)', () => {
  let t: TestApp;
  const stored = async () =>
    (
      await sql<{ pair: string; seq: number }>`SELECT pair, seq FROM inquiry_word_pairs ORDER BY pair, seq`.execute(
        t.app.db,
      )
    ).rows;
  // What the migration's own fill would store now, from the table.
  const rebuilt = async () =>
    (
      await sql<{ pair: string; seq: number }>`
        SELECT DISTINCT pair, seq FROM (${sql.raw(pairRows(VISIBLE_TEXTS))}) ORDER BY 1, 2`.execute(t.app.db)
    ).rows;
  const pairsOf = async (id: string) =>
    (
      await sql<{ pair: string }>`
        SELECT pair FROM inquiry_word_pairs WHERE seq = (SELECT seq FROM inquiries WHERE id = ${id}) ORDER BY pair`.execute(
        t.app.db,
      )
    ).rows.map((r) => r.pair);

  beforeAll(async () => {
    t = await createTestApp('sqlite');
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
    // Each space with four letters before it and a letter after, within a field or between two.
    expect(await pairsOf(suresh.id)).toEqual(['dakh follow', 'llow up', 'nita desai', 'resh srivas', 'tava suresh']);
    // "Om" is too short, the double space has no letter after its first space, "Prakash-Rao" ends in "-Rao".
    expect(await pairsOf(other.id)).toEqual([]);

    await sql`UPDATE inquiries SET customer_name = 'Suresh Iyer', status = 'Booked' WHERE id = ${suresh.id}`.execute(
      t.app.db,
    );
    expect(await pairsOf(suresh.id)).toEqual(['dakh booked', 'iyer suresh', 'nita desai', 'oked anita', 'resh iyer']);
    await sql`UPDATE inquiries SET deleted_at = 1 WHERE id = ${suresh.id}`.execute(t.app.db);
    expect(await pairsOf(suresh.id)).toEqual([]);
    await sql`UPDATE inquiries SET deleted_at = NULL WHERE id = ${suresh.id}`.execute(t.app.db);
    expect(await pairsOf(suresh.id)).toEqual(['dakh booked', 'iyer suresh', 'nita desai', 'oked anita', 'resh iyer']);
    // A change elsewhere in the row leaves them be.
    await sql`UPDATE inquiries SET extra_info = 'Window seat' WHERE id = ${suresh.id}`.execute(t.app.db);
    expect(await pairsOf(suresh.id)).toEqual(['dakh booked', 'iyer suresh', 'nita desai', 'oked anita', 'resh iyer']);
    await sql`DELETE FROM inquiries WHERE id = ${suresh.id}`.execute(t.app.db);
    expect(await stored()).toEqual(await rebuilt());
    expect((await stored()).some((p) => p.pair === 'resh iyer')).toBe(false);
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
    expect(await pairsOf(filled.id)).toContain('ssss zyxwv');
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
    ];
    await insertRows(
      t,
      names.map((customer_name, i) => row({ customer_name, status: i % 2 === 0 ? 'New' : 'Booked' })),
    );
    const like = async (q: string, status?: string) =>
      (
        await sql<{ id: string }>`
          SELECT id FROM inquiries WHERE deleted_at IS NULL AND (${sql.raw(sqliteRowText('inquiries'))}) LIKE ${`%${q}%`}
          ${status ? sql`AND status = ${status}` : sql``} ORDER BY created_at, id`.execute(t.app.db)
      ).rows.map((r) => r.id);
    for (const q of ['suresh srivastava', 'resh sri', 'uresh srivastav', 'suresh sriram', 'h srivastava']) {
      const search = await prepareSearch(t.app.db, 'sqlite', q);
      for (const status of [undefined, 'Booked']) {
        const found = await findCandidateMatches(t.app.db, search, 1000, { status });
        expect(
          found?.map((m) => m.id),
          `${q} ${status ?? ''}`,
        ).toEqual(await like(q, status));
      }
    }
    // "h srivastava" has no pair (one letter before its space) and went by its trigrams; the others by a pair.
    expect(await prepareSearch(t.app.db, 'sqlite', 'h srivastava')).not.toHaveProperty('pairs');
    expect(await prepareSearch(t.app.db, 'sqlite', 'Suresh Srivastava')).toMatchObject({
      pairs: ['resh srivas'],
    });
  });

  it('takes the pair with the fewest rows, and none when every pair reaches the window', async () => {
    expect(await findRarestPair(t.app.db, ['resh srivas', 'resh sriram'], 1000)).toBe('resh sriram');
    expect(await findRarestPair(t.app.db, ['resh srivas', 'resh sriram'], 1)).toBeUndefined();
    expect(await findRarestPair(t.app.db, [], 1000)).toBeUndefined();
  });
});
