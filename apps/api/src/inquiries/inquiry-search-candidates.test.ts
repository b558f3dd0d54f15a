import { describe, expect, it } from 'vitest';
import { candidateTrigrams } from './inquiry-search-candidates';

describe('candidateTrigrams', () => {
  it('takes the first, middle and last trigram of a long query', () => {
    expect(candidateTrigrams('suresh srivastava', 'sqlite')).toEqual(['sur', 'sri', 'ava']);
    expect(candidateTrigrams('suresh.srivastava819', 'sqlite')).toEqual(['sur', 'riv', '819']);
  });

  it('takes only letters and digits on PostgreSQL, whose trigrams are made of words', () => {
    // Windows across the space or the dot are not pg_trgm trigrams.
    expect(candidateTrigrams('suresh srivastava', 'postgres')).toEqual(['sur', 'riv', 'ava']);
    expect(candidateTrigrams('ab.cd.ef.gh', 'postgres')).toBeUndefined();
  });

  it('reads every trigram of a short query', () => {
    expect(candidateTrigrams('nepal', 'sqlite')).toBeUndefined();
    expect(candidateTrigrams('shalini', 'sqlite')).toEqual(['sha', 'ali', 'ini']);
    expect(candidateTrigrams('su', 'postgres')).toBeUndefined();
  });

  it('leaves a query beyond ASCII to the phrase on SQLite, where the test would fold case differently', () => {
    expect(candidateTrigrams('śrīnivāsan', 'sqlite')).toBeUndefined();
    expect(candidateTrigrams('śrīnivāsan', 'postgres')).toBeUndefined();
    expect(candidateTrigrams('müller-lüdenscheid', 'postgres')).toEqual(['lle', 'nsc', 'eid']);
  });

  it('takes the rarest trigram of each third when a sample counted them', () => {
    // A full name's counts at a million rows, scaled: "sur" is rarer than "esh", "h s" than "sri", "vas" than "ava".
    const counts = new Map([
      ['sur', 16],
      ['ure', 16],
      ['res', 16],
      ['esh', 157],
      ['sh ', 180],
      ['h s', 18],
      [' sr', 41],
      ['sri', 41],
      ['riv', 64],
      ['iva', 22],
      ['vas', 21],
      ['ast', 22],
      ['sta', 22],
      ['tav', 22],
      ['ava', 41],
    ]);
    expect(candidateTrigrams('suresh srivastava', 'sqlite', counts)).toEqual(['sur', 'h s', 'vas']);
    // Only words' trigrams on PostgreSQL; one never seen in the sample is the rarest of all.
    expect(candidateTrigrams('suresh srivastava', 'postgres', new Map([...counts, ['sta', 0]]))).toEqual([
      'sur',
      'vas',
      'sta',
    ]);
    // No counts: first, middle and last, as before.
    expect(candidateTrigrams('suresh srivastava', 'sqlite', undefined)).toEqual(['sur', 'sri', 'ava']);
    // A short query still reads every trigram.
    expect(candidateTrigrams('nepal', 'sqlite', counts)).toBeUndefined();
  });
});
