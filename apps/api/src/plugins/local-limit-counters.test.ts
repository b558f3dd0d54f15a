// The shared limits' per-process fallback counts as @fastify/rate-limit's own in-memory store does (D29).
import { describe, expect, it } from 'vitest';
import { LocalLimitCounters } from './local-limit-counters';

describe('per-process limit counters', () => {
  const clock = (start: number) => {
    let t = start;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('counts a key within its window, answers the time left, and opens a new window once it ends', () => {
    const time = clock(1_000_000);
    const counters = new LocalLimitCounters(10, time.now);
    expect(counters.read('a', 60_000)).toEqual({ current: 0, ttl: 0 });
    expect(counters.incr('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    time.advance(15_000);
    expect(counters.incr('a', 60_000)).toEqual({ current: 2, ttl: 45_000 });
    expect(counters.read('a', 60_000)).toEqual({ current: 2, ttl: 45_000 });
    expect(counters.incr('b', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    time.advance(45_000);
    expect(counters.read('a', 60_000)).toEqual({ current: 0, ttl: 0 });
    expect(counters.incr('a', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('lets the least recently counted key go when full, never one just counted', () => {
    const counters = new LocalLimitCounters(2, clock(0).now);
    counters.incr('old', 60_000);
    counters.incr('busy', 60_000);
    counters.incr('old', 60_000);
    counters.incr('new', 60_000);
    expect(counters.read('busy', 60_000).current).toBe(0);
    expect(counters.read('old', 60_000).current).toBe(2);
    expect(counters.read('new', 60_000).current).toBe(1);
  });
});
