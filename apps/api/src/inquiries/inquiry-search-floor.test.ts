import { describe, expect, it } from 'vitest';
import { floorOfRanges, floorRanges, valueMatches } from './inquiry-search-floor';

describe('valueMatches', () => {
  it('matches a value containing a query of three or more characters, in any case', () => {
    expect(valueMatches('Booked', 'booked')).toBe(true);
    expect(valueMatches('Booked', 'ked')).toBe(true);
    expect(valueMatches('Booking Pending', 'booked')).toBe(false);
    // The text holds a value between spaces: a query may take the space on either side.
    expect(valueMatches('Follow Up', 'w up ')).toBe(true);
    expect(valueMatches('Follow Up', ' fol')).toBe(true);
  });

  it('matches a query of one or two characters only at the start of a word', () => {
    expect(valueMatches('New', 'n')).toBe(true);
    expect(valueMatches('Follow Up', 'up')).toBe(true);
    expect(valueMatches('Working', 'or')).toBe(false);
    expect(valueMatches('Only Query', 'q')).toBe(true);
    expect(valueMatches('Only Query', 'u')).toBe(false);
  });

  it('claims nothing outside printable ASCII, where case folding differs between engines', () => {
    expect(valueMatches('Bööked', 'bööked')).toBe(false);
    expect(valueMatches('Booked', 'bo\u0308')).toBe(false);
    expect(valueMatches('Booked\n', 'booked')).toBe(false);
  });
});

describe('floorRanges', () => {
  it('reads names, places and staff as written in title case and lower case, e-mails in lower case', () => {
    expect(floorRanges('suresh kumar')).toEqual([
      { column: 'customer_name', prefix: 'Suresh Kumar' },
      { column: 'customer_name', prefix: 'Suresh kumar' },
      { column: 'customer_name', prefix: 'suresh kumar' },
      { column: 'location', prefix: 'Suresh Kumar' },
      { column: 'location', prefix: 'Suresh kumar' },
      { column: 'location', prefix: 'suresh kumar' },
      { column: 'staff_name', prefix: 'Suresh Kumar' },
      { column: 'staff_name', prefix: 'Suresh kumar' },
      { column: 'staff_name', prefix: 'suresh kumar' },
      { column: 'customer_email', prefix: 'suresh kumar' },
    ]);
  });

  it('spells a one-word query once per case and reads WhatsApp numbers for digits only', () => {
    expect(floorRanges('nepal').filter((r) => r.column === 'location')).toEqual([
      { column: 'location', prefix: 'Nepal' },
      { column: 'location', prefix: 'nepal' },
    ]);
    expect(floorRanges('nepal').some((r) => r.column === 'customer_whatsapp')).toBe(false);
    expect(floorRanges('+91 98').filter((r) => r.column === 'customer_whatsapp')).toEqual([
      { column: 'customer_whatsapp', prefix: '+91 98' },
    ]);
    expect(floorRanges('98765').filter((r) => r.column === 'customer_whatsapp')).toHaveLength(1);
  });

  it('reads nothing for a query beyond printable ASCII', () => {
    expect(floorRanges('śrī')).toEqual([]);
  });
});

describe('floorOfRanges', () => {
  it('adds the disjoint ranges of one column but never rows of different columns', () => {
    expect(
      floorOfRanges([
        { column: 'customer_name', n: 600 },
        { column: 'customer_name', n: 300 },
        { column: 'location', n: 800 },
      ]),
    ).toBe(900);
    expect(
      floorOfRanges([
        { column: 'customer_name', n: 600 },
        { column: 'location', n: 600 },
      ]),
    ).toBe(600);
    expect(floorOfRanges([])).toBe(0);
  });
});
