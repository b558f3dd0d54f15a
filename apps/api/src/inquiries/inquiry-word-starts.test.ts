// SQLite: a one-letter search's word-start trigrams, read whole and then, after writes, only from the gaps
// between the terms already known (inquiry-search-cache.ts keeps the list).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper';
import { findAddedWordStartTerms, findWordStartTerms } from './inquiry-search-text';
import { insertRows, row } from './inquiry-test-kit';

describe('word starts on sqlite', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    await insertRows(t, [
      row({ customer_name: 'Nadia Khan', status: 'Working' }),
      row({ customer_name: 'Nikhil Rao', status: 'Working' }),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds every word start a write added, wherever it falls among the known ones', async () => {
    const known = await findWordStartTerms(t.app.db, ' n');
    expect(known).toEqual([' na', ' ni']);
    // Before, between and after the known terms, past the Basic Multilingual Plane, and one word of one letter.
    const names = ['N1 Travels', 'Neha Joshi', 'Nüsret Aydın', 'N😀 Smiles', 'Om N Sai'];
    await insertRows(
      t,
      names.map((customer_name) => row({ customer_name, status: 'Working' })),
    );
    const added = await findAddedWordStartTerms(t.app.db, ' n', known);
    expect(new Set(added)).toEqual(new Set([' n1', ' ne', ' nü', ' n😀', ' n ']));
    expect(new Set([...known, ...added])).toEqual(new Set(await findWordStartTerms(t.app.db, ' n')));
    // Nothing new: nothing read.
    expect(await findAddedWordStartTerms(t.app.db, ' n', [...known, ...added])).toEqual([]);
  });
});
