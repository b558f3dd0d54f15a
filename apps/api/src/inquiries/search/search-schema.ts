// What migration 002 builds the search index and counters from, and what the search queries (and the bulk seed)
// must repeat word for word: PostgreSQL uses an expression or generated column only when a query names it exactly,
// and SQLite's FTS5 triggers and the row-by-row text test must see the same text. A module of its own, so
// migrations import no runtime code.

/** The searchable fields, in the order the search text joins them. */
export const SEARCH_FIELDS = [
  'customer_name',
  'customer_email',
  'customer_whatsapp',
  'location',
  'status',
  'staff_name',
] as const;

/**
 * The search text of a row (`row.` prefixes the columns in a trigger): its fields with a space before, between and
 * after them, so a query of one or two characters can be anchored at the start of a word (" go" finds "Goa").
 */
export const searchTextOf = (row = '') => `' ' || ${SEARCH_FIELDS.map((f) => `${row}${f}`).join(` || ' ' || `)} || ' '`;

/** SQLite: the search text as stored (FTS5's trigram tokenizer folds case itself). */
export const SQLITE_SEARCH_TEXT = searchTextOf();

/** PostgreSQL: the stored, NFC-normalised, lower-cased search text that pg_trgm indexes. */
export const PG_SEARCH_COLUMN = 'search_text';
export const PG_SEARCH_EXPR = `lower(normalize(${searchTextOf()}, NFC) COLLATE "default")`;

/**
 * SQLite: the FTS5 `status` column holds a one-trigram code per status, so a search narrowed to a status stays
 * inside the index (a status's own text would be a phrase of up to 14 trigrams).
 */
export const FTS_STATUS_CODES: Readonly<Record<string, string>> = Object.fromEntries(
  ['New', 'Working', 'Follow Up', 'Advance Received', 'Booking Pending', 'Booked', 'Only Query', 'Completed'].map(
    (s, i) => [s, `#${i}#`],
  ),
);

/** SQLite: seq = created_at × SEQ_PER_MS + n, so FTS5's rowid order is the list's createdAt order. */
export const SEQ_PER_MS = 4096;

/** SQLite: a creation time's month in Asia/Kolkata (UTC+05:30 all year, no DST since 1945), as the counters key it. */
export const sqliteMonthOf = (ms: string) => `strftime('%Y-%m', ${ms} / 1000, 'unixepoch', '+330 minutes')`;
