import { describe, expect, it } from 'vitest';
import {
  bodyFromForm,
  checkForm,
  emptyDay,
  emptyLine,
  errorsByRow,
  moved,
  renumberDays,
  type QuoteForm,
} from './quote-form';

const form = (overrides: Partial<QuoteForm> = {}): QuoteForm => ({
  days: [],
  lines: [],
  validUntil: '2099-01-31',
  notes: '',
  inclusions: '',
  exclusions: '',
  ...overrides,
});

describe('the builder form', () => {
  it('leaves out the rows nothing was typed in, and keys errors by row past them', () => {
    const blank = emptyLine();
    const hotel = { ...emptyLine(), description: 'Resort', unitCost: '4000', pricing: 'markup' as const };
    const f = form({ days: [emptyDay(), { ...emptyDay(), title: 'Day one' }], lines: [blank, hotel] });
    const body = bodyFromForm(f);
    expect(body.days).toEqual([{ title: 'Day one', text: '' }]);
    expect(body.lines).toEqual([
      expect.objectContaining({ description: 'Resort', unitPrice: null, markupPercent: '' }),
    ]);
    // The body's line 0 is the form's second; a markup line shows "price or markup" at its markup.
    expect(checkForm(f)).toEqual({
      [`lines.${hotel.key}.markupPercent`]: 'Give either a unit price or a markup percentage',
    });
    expect(errorsByRow({ 'lines.0.quantity': 'Bad', 'inclusions.3': 'Too long', validUntil: 'Past' }, f)).toEqual({
      [`lines.${hotel.key}.quantity`]: 'Bad',
      inclusions: 'Too long',
      validUntil: 'Past',
    });
  });

  it('sends lists one item a line, blank lines dropped', () => {
    expect(bodyFromForm(form({ inclusions: 'Breakfast\n\n  Transfers \n' })).inclusions).toEqual([
      'Breakfast',
      'Transfers',
    ]);
  });

  it('moves an item by one place and never out of the list', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the numbers in day titles with their days when days move or go', () => {
    const day = (title: string) => ({ ...emptyDay(), title });
    const days = [day('Day 1: Kochi'), day('Day 2: Munnar'), day('Beach day'), day('Day 9 — farewell')];
    const titles = (list: { title: string }[]) => list.map((d) => d.title);
    expect(titles(renumberDays(days, moved(days, 1, -1)))).toEqual([
      'Day 1: Munnar',
      'Day 2: Kochi',
      'Beach day',
      'Day 9 — farewell',
    ]);
    // Day 9 named another place than its own: left as typed.
    expect(titles(renumberDays(days, days.slice(1)))).toEqual(['Day 1: Munnar', 'Beach day', 'Day 9 — farewell']);
  });
});
