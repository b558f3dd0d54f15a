// The columns of the inquiry fields the contract's table describes wholly (INQUIRY_FIELDS: plain text and yes/no
// and state fields): each one's column is its API name in snake_case, so a new field of those kinds needs no code here.
import {
  INQUIRY_TABLE_FIELDS,
  gstStateLabel,
  yesNoLabel,
  type Inquiry,
  type InquiryTableFieldKey,
} from '@safarnama/contract';
import type { InquiriesTable } from '../db/database';
import type { InquiryRow } from './inquiry.repository';

type Snake<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${Snake<T>}`
  : S;
/** Fails to compile when a table field has no column of its name in the Database type (db/database.ts). */
const everyColumnExists: Snake<InquiryTableFieldKey> extends keyof InquiriesTable ? true : never = true;
void everyColumnExists;

type TableValues = Pick<Inquiry, InquiryTableFieldKey>;
type TableColumns = Pick<InquiriesTable, Snake<InquiryTableFieldKey> & keyof InquiriesTable>;

interface Column {
  key: InquiryTableFieldKey;
  column: keyof InquiriesTable;
  /** The stored value as the API gives it. */
  toApi: (stored: unknown) => unknown;
  /** An API value as it is stored. */
  toRow: (value: unknown) => unknown;
  /** What a new inquiry stores when the field is not given. */
  empty: unknown;
  /** The value an edit event records ('' and null are "empty"). */
  shown: (stored: unknown) => string | null;
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

// Yes/no is stored as 1 or 0 (null: not known), the same on both engines.
const COLUMNS: readonly Column[] = INQUIRY_TABLE_FIELDS.map((f) => {
  const column = snake(f.key) as keyof InquiriesTable;
  if (f.kind === 'yesNo') {
    const toApi = (v: unknown) => (v === null || v === undefined ? null : Number(v) === 1);
    return {
      key: f.key,
      column,
      toApi,
      toRow: (v) => (v === null || v === undefined ? null : v ? 1 : 0),
      empty: null,
      shown: (v) => yesNoLabel(toApi(v)) || null,
    };
  }
  return {
    key: f.key,
    column,
    toApi: (v) => v ?? '',
    toRow: (v) => v,
    empty: '',
    // A state reads as its name and code in the timeline ("changed state from empty to Karnataka (29)").
    shown: (v) =>
      v === null || v === undefined || v === '' ? null : f.kind === 'gstState' ? gstStateLabel(String(v)) : String(v),
  };
});

/** A row's table fields in the API's shape. */
export function tableFieldsOf(row: InquiryRow): TableValues {
  const stored = row as unknown as Record<string, unknown>;
  return Object.fromEntries(COLUMNS.map((c) => [c.key, c.toApi(stored[c.column])])) as TableValues;
}

/**
 * The columns of the table fields `data` gives; those it leaves out keep `base`'s value (an edit: absent keeps) or,
 * without a base, are empty (a new inquiry).
 */
export function tableColumnsOf(data: Partial<Record<InquiryTableFieldKey, unknown>>, base?: InquiryRow): TableColumns {
  const stored = base as unknown as Record<string, unknown> | undefined;
  return Object.fromEntries(
    COLUMNS.map((c) => {
      const value = data[c.key];
      if (value !== undefined) return [c.column, c.toRow(value)];
      return [c.column, stored ? stored[c.column] : c.empty];
    }),
  ) as TableColumns;
}

/** How an edit event reads each table field from a row, by its API name. */
export const TABLE_EVENT_READERS: ReadonlyMap<string, (row: InquiryRow) => string | null> = new Map(
  COLUMNS.map((c) => [c.key, (row: InquiryRow) => c.shown((row as unknown as Record<string, unknown>)[c.column])]),
);

/** Each table field's column and how its stored value reads in the API (the CSV export reads rows as arrays). */
export const TABLE_COLUMN_VALUES: ReadonlyMap<string, Pick<Column, 'column' | 'toApi'>> = new Map(
  COLUMNS.map((c) => [c.key, { column: c.column, toApi: c.toApi }]),
);
