// Fixed-window counters in this process's memory: the shared limits' fallback while Redis cannot answer (D29).
// Counted as @fastify/rate-limit's own in-memory store counts (a window opens at a key's first request and
// closes `timeWindow` later), so a limit reads the same whichever store holds it.

/** One key's count and the milliseconds left in its window, as a rate-limit store answers them. */
export interface LimitCount {
  current: number;
  ttl: number;
}

interface Window {
  current: number;
  startedAt: number;
}

export class LocalLimitCounters {
  // A Map keeps insertion order: a key written again moves to the end, so the first key is the least recently
  // counted, the one let go when the map is full.
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly capacity: number,
    // Date.now, as the plugin's own in-memory store reads time; tests pass their own.
    private readonly now: () => number = Date.now,
  ) {}

  incr(key: string, timeWindow: number): LimitCount {
    const now = this.now();
    const open = this.windows.get(key);
    const window =
      open && open.startedAt + timeWindow > now
        ? { current: open.current + 1, startedAt: open.startedAt }
        : { current: 1, startedAt: now };
    this.windows.delete(key);
    if (this.windows.size >= this.capacity) this.windows.delete(this.windows.keys().next().value!);
    this.windows.set(key, window);
    return { current: window.current, ttl: timeWindow - (now - window.startedAt) };
  }

  /** The count without counting (the plugin's `{ increment: false }`). */
  read(key: string, timeWindow: number): LimitCount {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.startedAt + timeWindow <= now) return { current: 0, ttl: 0 };
    return { current: window.current, ttl: timeWindow - (now - window.startedAt) };
  }
}
