// Which characters typed text may hold. Names and places are one line; notes, itineraries and lists may have
// several. Zod-free, so the API can neutralise text stored before these rules with the same sets.

/*
 * Refused in every text field:
 * - the C0 controls U+0000–U+001F but tab and line feed (NUL, which PostgreSQL cannot store; BEL; ESC; …),
 *   DEL U+007F and the C1 controls U+0080–U+009F: invisible, and some readers act on them;
 * - the bidirectional embeddings and overrides U+202A–U+202E and isolates U+2066–U+2069: they reorder the text
 *   after them (U+202E shows "gpj.exe" as "exe.jpg"), in a staff member's inbox, a CSV cell or a PDF.
 * One-line fields refuse tab and every line break as well (LF, CR, NEL U+0085, U+2028, U+2029): a name with a line
 * break fakes lines ("Bcc: …") in a mail's text. Multi-line fields keep line breaks (all stored as LF) and tabs
 * (pasted tables; every output shows a tab as white space).
 * Allowed: the direction marks U+200E, U+200F and U+061C, which Urdu and Arabic keyboards type and which only set
 * the direction of the neutral characters beside them; the zero-width (non-)joiners U+200C and U+200D, which
 * Devanagari conjuncts and emoji sequences need; every letter, mark, digit, symbol and emoji.
 */
/* eslint-disable no-control-regex -- finding control characters is what these are for */
const MULTI_LINE_REFUSED = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/u;
const EVERY_MULTI_LINE_REFUSED = new RegExp(MULTI_LINE_REFUSED.source, 'gu');
const ONE_LINE_REFUSED = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
/* eslint-enable no-control-regex */
const LINE_BREAKS = /\r\n?|\u0085|\u2028|\u2029/g;

/** True when `text` may be stored in a one-line field. */
export const isOneLineText = (text: string) => !ONE_LINE_REFUSED.test(text);

/** True when `text` (its line breaks normalised) may be stored in a multi-line field. */
export const isMultiLineText = (text: string) => !MULTI_LINE_REFUSED.test(normaliseLineBreaks(text));

/** CR LF, a lone CR, NEL and the Unicode line and paragraph separators all become LF. */
export const normaliseLineBreaks = (text: string) => text.replace(LINE_BREAKS, '\n');

/** Text as a paper prints it: line breaks as LF, tabs kept, every other refused character removed. */
export const withoutControlCharacters = (text: string) =>
  normaliseLineBreaks(text).replace(EVERY_MULTI_LINE_REFUSED, '');

/** Text on one line: as withoutControlCharacters, with line breaks and tabs as spaces (a search box's words). */
export const asOneLine = (text: string) => withoutControlCharacters(text).replace(/[\n\t]/g, ' ');
