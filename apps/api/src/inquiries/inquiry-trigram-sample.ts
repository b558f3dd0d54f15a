// How often each trigram occurs in the newest inquiries' search text, so that a long query's candidates are looked
// up by its rarer trigrams (inquiry-search-candidates.ts). Names and places change their frequencies slowly: the
// sample is read again when it is ten minutes old, in the background, while requests go on with the last one.
import { windowsOf, type TrigramCounts } from './inquiry-search-candidates';

/** Rows sampled: enough to tell a trigram in one row of fifty from one in one of six; read in a few ms. */
export const TRIGRAM_SAMPLE_ROWS = 2_000;
const MAX_AGE_MS = 10 * 60_000;

/** The rows of `texts` that hold each trigram (windowsOf of the lower-cased text, as FTS5's trigrams are). */
export function countTrigrams(texts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const w of new Set(windowsOf(text.toLowerCase()))) counts.set(w, (counts.get(w) ?? 0) + 1);
  }
  return counts;
}

export class TrigramSample {
  private counts: TrigramCounts | undefined;
  private takenAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly read: () => Promise<string[]>,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The counts in hand (none before the first sample is in), starting a new sample when they are old. */
  current(): TrigramCounts | undefined {
    if (!this.reading && this.clock() - this.takenAt >= MAX_AGE_MS) {
      this.takenAt = this.clock();
      this.reading = this.read()
        .then(
          (texts) => {
            this.counts = countTrigrams(texts);
          },
          () => {
            // Tried again at the next request; the old counts, if any, serve meanwhile.
            this.takenAt = Number.NEGATIVE_INFINITY;
          },
        )
        .finally(() => {
          this.reading = undefined;
        });
    }
    return this.counts;
  }

  /** Settles once a sample being read is in (tests). */
  async settled(): Promise<void> {
    await this.reading;
  }
}
