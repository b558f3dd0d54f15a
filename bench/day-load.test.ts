import { describe, expect, it } from 'vitest';
import { weightedMix, type Call } from './day-load';

const call = (type: string) => (): Call => ({ type, method: 'GET', path: `/${type}` });

describe('bench:day mix', () => {
  it('sends each kind in proportion to its weight, spread out rather than in runs', () => {
    const next = weightedMix([
      { weight: 5, next: call('a') },
      { weight: 3, next: call('b') },
      { weight: 2, next: call('c') },
    ]);
    const types = Array.from({ length: 100 }, () => next().type);
    expect(['a', 'b', 'c'].map((t) => types.filter((x) => x === t).length)).toEqual([50, 30, 20]);
    // Smooth: within any ten calls (one round of the weights) each kind comes up its share exactly.
    expect(types.slice(0, 10).filter((t) => t === 'c')).toHaveLength(2);
    let longestRun = 1;
    for (let i = 1, run = 1; i < types.length; i++)
      longestRun = Math.max(longestRun, (run = types[i] === types[i - 1] ? run + 1 : 1));
    expect(longestRun).toBeLessThanOrEqual(2);
  });
});
