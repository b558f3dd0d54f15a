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
});
