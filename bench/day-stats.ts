// bench:day's arithmetic, apart from the machinery so that a test can hold it: percentiles of latency samples,
// whether a step met the budgets, the search for the highest rate that meets them, the soak's memory growth.

/** The q-quantile (0 < q ≤ 1) of samples by the nearest-rank rule; NaN when there are none. */
export function quantile(samples: readonly number[], q: number): number {
  return quantileOfSorted(Float64Array.from(samples).sort(), q);
}

const quantileOfSorted = (sorted: Float64Array, q: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;

export interface Summary {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** One call type's latencies (ms) and error count as the table shows them. */
export function summarize(latencies: readonly number[], errors: number): Summary {
  // Sorted once, as numbers (a typed array sorts numerically), and without spreading a soak's million samples.
  const sorted = Float64Array.from(latencies).sort();
  return {
    count: sorted.length,
    errors,
    p50: quantileOfSorted(sorted, 0.5),
    p95: quantileOfSorted(sorted, 0.95),
    p99: quantileOfSorted(sorted, 0.99),
    max: quantileOfSorted(sorted, 1),
  };
}

/**
 * Several runs' samples of one call type as one: percentiles do not average, so the samples are pooled and the
 * percentile taken again (a step's p99 is not the mean of its parts' p99s).
 */
export function mergeSamples(parts: readonly (readonly number[])[]): number[] {
  return parts.flat();
}

/** Issue 54's item 2: what every step at a promised rate must hold. */
export const BUDGET = { interactiveP99Ms: 100, loopDelayP99Ms: 20 } as const;

export interface StepVerdict {
  ok: boolean;
  /** Why not, in a few words, for the log and the table. */
  reasons: string[];
}

/** Whether a step held the budgets: every interactive call's p99, the loop's delay p99, and no error anywhere. */
export function judgeStep(
  interactive: Readonly<Record<string, Summary>>,
  background: Readonly<Record<string, Summary>>,
  loopDelayP99Ms: number,
): StepVerdict {
  const reasons: string[] = [];
  for (const [name, s] of Object.entries(interactive)) {
    if (s.p99 > BUDGET.interactiveP99Ms) reasons.push(`${name} p99 ${s.p99.toFixed(0)} ms`);
  }
  if (!(loopDelayP99Ms <= BUDGET.loopDelayP99Ms)) reasons.push(`loop delay p99 ${loopDelayP99Ms.toFixed(0)} ms`);
  for (const [name, s] of [...Object.entries(interactive), ...Object.entries(background)]) {
    if (s.errors > 0) reasons.push(`${name}: ${s.errors} errors`);
  }
  return { ok: reasons.length === 0, reasons };
}

export interface SearchOptions {
  /** The first rate tried (requests a second). */
  start: number;
  /** Never tried above this. */
  max: number;
  /** Stop once the bracket between a held and a missed rate is narrower than this fraction of the held one. */
  precision: number;
}

/**
 * The highest rate at which `holds` is true: doubling from `start` until a rate misses (or `max`); when `start`
 * itself misses, halving from it until a rate holds (down to 1 a second); then bisection between the highest held
 * and the lowest missed rate. Answers 0 when even 1 a second misses, and every rate tried.
 * The probe is a measurement, noisy on a shared machine, so it is tried once per rate and never assumed monotone
 * beyond the bracket it is in.
 */
export async function searchCapacity(
  holds: (rate: number) => Promise<boolean>,
  { start, max, precision }: SearchOptions,
): Promise<{ capacity: number; tried: { rate: number; held: boolean }[] }> {
  const tried: { rate: number; held: boolean }[] = [];
  const probe = async (rate: number) => {
    const held = await holds(rate);
    tried.push({ rate, held });
    return held;
  };
  let low = 0;
  let high = Infinity;
  const first = Math.min(start, max);
  if (await probe(first)) {
    low = first;
    for (let rate = first; high === Infinity;) {
      if (rate >= max) return { capacity: low, tried };
      rate = Math.min(rate * 2, max);
      if (await probe(rate)) low = rate;
      else high = rate;
    }
  } else {
    high = first;
    for (let rate = Math.floor(first / 2); low === 0; rate = Math.floor(rate / 2)) {
      if (rate < 1) return { capacity: 0, tried };
      if (await probe(rate)) low = rate;
      else high = rate;
    }
  }
  while ((high - low) / low > precision) {
    const mid = Math.round((low + high) / 2);
    if (mid <= low || mid >= high) break;
    if (await probe(mid)) low = mid;
    else high = mid;
  }
  return { capacity: low, tried };
}

/** '30m', '90s', '1h' or a number of seconds, in seconds. */
export function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(s|m|h)?$/.exec(text.trim());
  if (!m) throw new Error(`not a duration: ${text} (try 30m, 90s or 1h)`);
  return Number(m[1]) * { s: 1, m: 60, h: 3600 }[(m[2] ?? 's') as 's' | 'm' | 'h'];
}

/**
 * RSS growth over a soak: the mean of the last `window` seconds' samples against the first's (after the warm-up
 * the caller left out), so one sample's spike decides nothing.
 */
export function rssGrowth(samples: readonly { t: number; rss: number }[], window: number): number {
  if (samples.length === 0) return NaN;
  const end = samples[samples.length - 1]!.t;
  const begin = samples[0]!.t;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const first = mean(samples.filter((s) => s.t <= begin + window).map((s) => s.rss));
  const last = mean(samples.filter((s) => s.t >= end - window).map((s) => s.rss));
  return (last - first) / first;
}
