// The builder's state: a quotation version as staff type it (rupees and numbers as text), its conversions to and
// from the API, the contract's checks keyed by row, and the live totals (the contract's quoteTotals, the function
// the server prices with).
import {
  QUOTE_LIMITS,
  paiseToRupees,
  quoteTotals,
  rupeesToPaise,
  type QuoteLineAmounts,
  type QuoteLineKind,
  type QuoteTotals,
} from '@safarnama/contract/quotes-rules';
import { quoteVersionBodySchema, type QuoteVersion } from '@safarnama/contract/quotes';
import { fieldErrors } from '@safarnama/contract/common';
import { linesToList } from '@safarnama/contract/packages';
import type { QuoteVersionBody } from './api/save-quote';

export interface DayRow {
  /** Names the row in React and in error keys, whatever its place. */
  key: string;
  title: string;
  text: string;
}

/** A line is priced by a unit price, or by a markup percentage on its unit cost. */
export type Pricing = 'price' | 'markup';

export interface LineRow {
  key: string;
  kind: QuoteLineKind;
  description: string;
  supplierId: string | null;
  quantity: string;
  unitCost: string;
  pricing: Pricing;
  unitPrice: string;
  markupPercent: string;
}

export interface QuoteForm {
  days: DayRow[];
  lines: LineRow[];
  validUntil: string;
  notes: string;
  /** One item per line, as the package forms take lists. */
  inclusions: string;
  exclusions: string;
}

/** Field errors by `days.{key}.title`, `lines.{key}.unitCost`, `validUntil`, `inclusions`, …. */
export type QuoteErrors = Record<string, string>;

// Unique across page loads too: a form kept in the tab (use-quote-draft.ts) comes back with its rows' keys.
const keyPrefix = Math.random().toString(36).slice(2, 8);
let lastKey = 0;
const newKey = () => `${keyPrefix}-${++lastKey}`;

export const emptyDay = (): DayRow => ({ key: newKey(), title: '', text: '' });

export const emptyLine = (): LineRow => ({
  key: newKey(),
  kind: 'hotel',
  description: '',
  supplierId: null,
  quantity: '1',
  unitCost: '',
  pricing: 'price',
  unitPrice: '',
  markupPercent: '',
});

const asText = (n: number) => String(n);

export function formFromVersion(version: QuoteVersion): QuoteForm {
  return {
    days: version.days.map((d) => ({ key: newKey(), title: d.title, text: d.text })),
    lines: version.lines.map((l) => ({
      key: newKey(),
      kind: l.kind,
      description: l.description,
      supplierId: l.supplierId,
      quantity: asText(l.quantity),
      unitCost: asText(l.unitCost),
      pricing: l.markupPercent === null ? 'price' : 'markup',
      unitPrice: l.markupPercent === null ? asText(l.unitPrice) : '',
      markupPercent: l.markupPercent === null ? '' : asText(l.markupPercent),
    })),
    validUntil: version.validUntil,
    notes: version.notes,
    inclusions: version.inclusions.join('\n'),
    exclusions: version.exclusions.join('\n'),
  };
}

// A row nothing was typed in (a day or line just added) is left out of what is saved: it holds nothing to lose,
// and refusing the whole draft for it would stop every other change from saving.
const isBlankDay = (d: DayRow) => !d.title.trim() && !d.text.trim();
const isBlankLine = (l: LineRow) =>
  !l.description.trim() && !l.unitCost.trim() && !l.unitPrice.trim() && !l.markupPercent.trim();

/** The rows a save sends, in order: error paths from the contract or the server count these. */
function sentRows(form: QuoteForm) {
  return { days: form.days.filter((d) => !isBlankDay(d)), lines: form.lines.filter((l) => !isBlankLine(l)) };
}

export function bodyFromForm(form: QuoteForm): QuoteVersionBody {
  const { days, lines } = sentRows(form);
  return {
    days: days.map((d) => ({ title: d.title, text: d.text })),
    lines: lines.map((l) => ({
      kind: l.kind,
      description: l.description,
      supplierId: l.supplierId,
      quantity: l.quantity,
      unitCost: l.unitCost,
      unitPrice: l.pricing === 'price' ? l.unitPrice : null,
      markupPercent: l.pricing === 'markup' ? l.markupPercent : null,
    })),
    validUntil: form.validUntil,
    notes: form.notes,
    inclusions: linesToList(form.inclusions),
    exclusions: linesToList(form.exclusions),
  };
}

/**
 * Errors keyed by index (`lines.0.unitCost`, as the contract and the server name them for the body sent from
 * `form`) become keyed by row, so they stay beside their field when rows move.
 */
export function errorsByRow(errors: Record<string, string>, form: QuoteForm): QuoteErrors {
  const { days, lines } = sentRows(form);
  const rows: Record<string, { key: string }[]> = { days, lines };
  const keyed: QuoteErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const [list, index, field] = path.split('.');
    const row = list !== undefined && index !== undefined ? rows[list]?.[Number(index)] : undefined;
    // A line priced by markup shows the "price or markup" error at its markup.
    const at =
      list === 'lines' && row && field === 'unitPrice' && (row as LineRow).pricing === 'markup'
        ? 'markupPercent'
        : field;
    const key = row && at ? `${list}.${row.key}.${at}` : list === 'inclusions' || list === 'exclusions' ? list : path;
    keyed[key] ??= message;
  }
  return keyed;
}

/** The contract's checks of what a save would send (the server's own, so the messages are the same). */
export function checkForm(form: QuoteForm): QuoteErrors {
  const parsed = quoteVersionBodySchema.safeParse(bodyFromForm(form));
  return parsed.success ? {} : errorsByRow(fieldErrors(parsed.error.issues), form);
}

/** A typed number, or undefined when blank or not a number ("1,50,000" reads as grouped digits). */
function typedNumber(text: string): number | undefined {
  const t = text.trim().replace(/(?<=\d),(?=\d)/g, '');
  const n = t === '' ? NaN : Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/** A typed amount within [0, max], else 0: the totals show what the valid fields add up to. */
const within = (text: string, max: number) => {
  const n = typedNumber(text);
  return n !== undefined && n >= 0 && n <= max ? n : 0;
};

/** The amounts of a line as the server will price them (quantity whole, rupees to paise, markup to 0.01 %). */
export function lineAmounts(line: LineRow): QuoteLineAmounts {
  const quantity = within(line.quantity, QUOTE_LIMITS.quantity);
  return {
    kind: line.kind,
    quantity: Number.isInteger(quantity) ? quantity : 0,
    unitCostPaise: rupeesToPaise(within(line.unitCost, QUOTE_LIMITS.unitRupees)),
    unitPricePaise: line.pricing === 'price' ? rupeesToPaise(within(line.unitPrice, QUOTE_LIMITS.unitRupees)) : null,
    markupPercent:
      line.pricing === 'markup' ? Math.round(within(line.markupPercent, QUOTE_LIMITS.markupPercent) * 100) / 100 : null,
  };
}

/** The totals as the server will compute them for the inquiry's travellers and its GST rate. */
export const liveTotals = (form: QuoteForm, travellers: number, gstPercent: number): QuoteTotals =>
  quoteTotals(form.lines.map(lineAmounts), travellers, gstPercent);

/** `list` with the item at `from` moved by `by` places (kept in bounds). */
export function moved<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (from < 0 || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/** Totals in paise as the totals panel shows them, in rupees. */
export function shownTotals(t: QuoteTotals, travellers: number, gstPercent: number): QuoteVersion['totals'] {
  return {
    cost: paiseToRupees(t.costPaise),
    price: paiseToRupees(t.pricePaise),
    margin: paiseToRupees(t.marginPaise),
    gstPercent,
    gst: paiseToRupees(t.gstPaise),
    total: paiseToRupees(t.totalPaise),
    travellers,
    perTraveller: paiseToRupees(t.perTravellerPaise),
  };
}

/** "Day 3: Munnar": a title that starts with a day's number (draft 1's, from the package's headings). */
const NUMBERED_TITLE = /^(\s*day\s*)(\d+)(?!\d)/i;

/** Whether a title already says which day it is (then nothing is put before it). */
export const isNumberedTitle = (title: string) => NUMBERED_TITLE.test(title);

/**
 * The days after a move or removal, with the numbers in their titles following them: a title that named its own
 * place ("Day 3: Munnar" as day 3) names the new one; any other title is left as typed.
 */
export function renumberDays(before: readonly DayRow[], after: readonly DayRow[]): DayRow[] {
  const placeBefore = new Map(before.map((d, i) => [d.key, i + 1]));
  return after.map((day, i) => {
    const match = NUMBERED_TITLE.exec(day.title);
    if (!match || Number(match[2]) !== placeBefore.get(day.key) || Number(match[2]) === i + 1) return day;
    return { ...day, title: `${match[1]}${i + 1}${day.title.slice(match[0].length)}` };
  });
}
