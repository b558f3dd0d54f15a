// SQLite: the word pairs (migration 008) a query of two words or more is found by, as prefixes of the stored pairs.
import { PAIR_HEAD, PAIR_TAIL } from '../db/migrations/008-inquiry-word-pairs';

const TAIL = new RegExp(`[a-z]{${PAIR_TAIL}}$`);
const HEAD = new RegExp(`^[a-z]{1,${PAIR_HEAD}}`);

/**
 * The pair prefixes of `lower` (a lower-cased, normalised query): for each space, the PAIR_TAIL letters before it
 * and the letters after it (up to PAIR_HEAD), as the triggers store them. Every row holding the query holds each
 * prefix's pair; a space with too few letters around it gives none.
 */
export function wordPairPrefixes(lower: string): string[] {
  const words = lower.split(' ');
  const prefixes = words.slice(0, -1).flatMap((word, i) => {
    const tail = TAIL.exec(word)?.[0];
    const head = HEAD.exec(words[i + 1]!)?.[0];
    return tail && head ? [`${tail} ${head}`] : [];
  });
  return [...new Set(prefixes)];
}
