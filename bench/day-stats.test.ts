import { describe, expect, it } from 'vitest';
import { judgeStep, mergeSamples, parseDuration, quantile, rssGrowth, searchCapacity, summarize } from './day-stats';

describe('bench:day arithmetic', () => {
  it('takes nearest-rank percentiles, and pools samples before taking them again', () => {
    const xs = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([quantile(xs, 0.5), quantile(xs, 0.95), quantile(xs, 0.99), quantile(xs, 1)]).toEqual([50, 95, 99, 100]);
    expect(quantile([], 0.5)).toBeNaN();
    // The p99 of two runs pooled is not the mean of their p99s.
    const fast = Array.from({ length: 99 }, () => 1);
    const slow = [500];
    expect(quantile(mergeSamples([fast, slow]), 0.99)).toBe(1);
    expect(quantile(mergeSamples([fast, slow]), 1)).toBe(500);
  });

  it('misses a step for a slow interactive call, a stalled loop or any error', () => {
    const fine = summarize([5, 10, 20], 0);
    expect(judgeStep({ search: fine }, { pdf: summarize([400], 0) }, 12).ok).toBe(true);
    expect(judgeStep({ search: summarize([5, 150], 0) }, {}, 12).reasons).toEqual(['search p99 150 ms']);
    expect(judgeStep({ search: fine }, {}, 25).reasons).toEqual(['loop delay p99 25 ms']);
    expect(judgeStep({ search: fine }, {}, NaN).ok).toBe(false);
    expect(judgeStep({ search: fine }, { export: summarize([9000], 1) }, 5).reasons).toEqual(['export: 1 errors']);
  });

  it('finds the highest rate that holds by doubling, then bisection', async () => {
    const limit = 730;
    const found = await searchCapacity(async (r) => r <= limit, { start: 100, max: 10_000, precision: 0.05 });
    expect(found.capacity).toBeLessThanOrEqual(limit);
    expect(found.capacity).toBeGreaterThan(limit * 0.95);
    expect(found.tried.slice(0, 4).map((t) => t.rate)).toEqual([100, 200, 400, 800]);
    expect(found.tried.every((t) => t.held === t.rate <= limit)).toBe(true);
  });

  it('searches below the first rate when it misses, answers 0 when nothing holds, and stops at the ceiling', async () => {
    const below = await searchCapacity(async (r) => r <= 17, { start: 50, max: 1000, precision: 0.1 });
    expect(below.capacity).toBe(17);
    expect(below.tried.slice(0, 3)).toEqual([
      { rate: 50, held: false },
      { rate: 25, held: false },
      { rate: 12, held: true },
    ]);
    const none = await searchCapacity(async () => false, { start: 50, max: 1000, precision: 0.1 });
    expect(none.capacity).toBe(0);
    expect(none.tried.map((t) => t.rate)).toEqual([50, 25, 12, 6, 3, 1]);
    const capped = await searchCapacity(async () => true, { start: 300, max: 1000, precision: 0.1 });
    expect(capped.capacity).toBe(1000);
    expect(capped.tried.map((t) => t.rate)).toEqual([300, 600, 1000]);
  });

  it('reads durations and measures RSS growth between the first and last windows', () => {
    expect([parseDuration('30m'), parseDuration('90s'), parseDuration('2'), parseDuration('1h')]).toEqual([
      1800, 90, 2, 3600,
    ]);
    expect(() => parseDuration('soon')).toThrow(/not a duration/);
    const samples = Array.from({ length: 61 }, (_, t) => ({ t, rss: t < 10 ? 100 : t > 50 ? 110 : 105 }));
    expect(rssGrowth(samples, 9)).toBeCloseTo(0.1, 5);
  });
});
