// The word pairs (migrations 008 and 009) a query of two words or more is found by, as ranges of the stored pairs.
import { PAIR_BAR, PAIR_HEAD, PAIR_START, PAIR_TAIL } from '../db/migrations/008-inquiry-word-pairs';

/**
 * The stored pairs a query's space can be in: those starting with `prefix`, and when `tail` is given, whose part
 * after the bar starts with it. The tail is apart when the head is open: the query's last word may begin a
 * longer one ("jain" of "om jain": "jain|…" and "jainen|…"), so the tail cannot follow it in the prefix.
 */
export interface PairLookup {
  prefix: string;
  tail?: string;
}

const backwards = (s: string) => [...s].reverse().join('');

/**
 * The pair lookups of `lower` (a lower-cased, normalised query), one for each space with a letter on either side,
 * built as the triggers build pairs. Every row holding the query holds a pair in each lookup. A side is closed
 * when the query shows where that word's letters end (PAIR_HEAD or PAIR_TAIL letters, another character, or a
 * further word of the query), else open: the query's first word may end a longer word, its last begin one.
 */
export function wordPairLookups(lower: string): PairLookup[] {
  const words = lower.split(' ');
  const lookups = words.slice(0, -1).flatMap((before, i): PairLookup[] => {
    const after = words[i + 1]!;
    const tailLetters = /[a-z]*$/.exec(before)![0];
    const headLetters = /^[a-z]*/.exec(after)![0];
    if (!tailLetters || !headLetters) return [];
    const tailClosed = tailLetters.length >= PAIR_TAIL || i > 0 || tailLetters.length < before.length;
    const tail =
      backwards(tailLetters.slice(-PAIR_TAIL)) + (tailClosed && tailLetters.length < PAIR_TAIL ? PAIR_START : '');
    const head = headLetters.slice(0, PAIR_HEAD);
    const headClosed = headLetters.length >= PAIR_HEAD || i + 2 < words.length || headLetters.length < after.length;
    return headClosed ? [{ prefix: `${head}${PAIR_BAR}${tail}` }] : [{ prefix: head, tail }];
  });
  return lookups.filter((l, i) => lookups.findIndex((m) => m.prefix === l.prefix && m.tail === l.tail) === i);
}

/**
 * Whether the rows holding `lower`'s one pair lookup are exactly its matches, so they can be counted and paged
 * without testing each row: two words of ASCII letters, the first no longer than a pair's tail and the second no
 * longer than its head ("om j", "ravi k"). A longer first word is known by its end only ("suresh" by "resh", which
 * "Naresh" ends in too), a longer last word by its start.
 */
export function pairIsExact(lower: string): boolean {
  const words = /^([a-z]+) ([a-z]+)$/.exec(lower);
  return words !== null && words[1]!.length <= PAIR_TAIL && words[2]!.length <= PAIR_HEAD;
}
