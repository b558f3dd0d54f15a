import { describe, expect, it } from 'vitest';
import { TrigramSample, countTrigrams } from './inquiry-trigram-sample';

describe('countTrigrams', () => {
  it('counts the rows holding each trigram of the lower-cased text, once a row', () => {
    const counts = countTrigrams([' Asha Rao ', ' asha asha ', ' Ravi ']);
    expect(counts.get('ash')).toBe(2);
    expect(counts.get(' ra')).toBe(2);
    expect(counts.get('rav')).toBe(1);
    expect(counts.get('zzz')).toBeUndefined();
  });
});

describe('TrigramSample', () => {
  it('has no counts until its first read is in, then reads again only when they are ten minutes old', async () => {
    let now = 0;
    let reads = 0;
    const texts = [[' goa '], [' manali ']];
    const sample = new TrigramSample(
      async () => texts[reads++]!,
      () => now,
    );
    expect(sample.current()).toBeUndefined();
    await sample.settled();
    expect(sample.current()?.get('goa')).toBe(1);
    now = 9 * 60_000;
    expect(sample.current()?.get('goa')).toBe(1);
    expect(reads).toBe(1);
    // Old: the last counts serve while the next are read.
    now = 10 * 60_000;
    expect(sample.current()?.get('goa')).toBe(1);
    await sample.settled();
    expect(sample.current()?.get('man')).toBe(1);
    expect(sample.current()?.get('goa')).toBeUndefined();
    expect(reads).toBe(2);
  });

  it('tries again at the next request when a read fails', async () => {
    let fail = true;
    const sample = new TrigramSample(async () => {
      if (fail) throw new Error('database down');
      return [' leh '];
    });
    expect(sample.current()).toBeUndefined();
    await sample.settled();
    fail = false;
    expect(sample.current()).toBeUndefined();
    await sample.settled();
    expect(sample.current()?.get('leh')).toBe(1);
  });
});
