import { describe, expect, it } from 'vitest';
import type { TripVersion } from '@safarnama/contract/quotes';
import { diffVersions } from './version-diff';

type Line = TripVersion['lines'][number];
const line = (description: string, quantity: number, unitPrice: number, kind: Line['kind'] = 'hotel'): Line => ({
  kind,
  description,
  quantity,
  unitPrice,
  price: quantity * unitPrice,
});
const version = (lines: Line[], extra: Partial<TripVersion> = {}): TripVersion => {
  const total = lines.reduce((sum, l) => sum + l.price, 0);
  return {
    number: 1,
    status: 'sent',
    days: [],
    lines,
    totals: {
      price: total,
      gstPercent: 0,
      gst: 0,
      total,
      travellers: 3,
      perTraveller: Math.round((total / 3) * 100) / 100,
    },
    validUntil: '2026-12-08',
    notes: '',
    inclusions: [],
    exclusions: [],
    sentAt: null,
    acceptedAt: null,
    acceptedName: null,
    ...extra,
  };
};

describe('diffVersions', () => {
  it('matches lines by kind and description, ignoring case and spacing, and pairs repeats in order', () => {
    const earlier = version([
      line('Houseboat night', 1, 9000),
      line('Houseboat night', 1, 9000),
      line('Jeep', 1, 4000, 'cab'),
    ]);
    const current = version([
      line('houseboat  Night', 1, 9000),
      line('Houseboat night', 1, 9500),
      line('Jeep', 1, 4000, 'transport'),
    ]);
    const diff = diffVersions(earlier, current);
    expect(diff.changed).toEqual([{ before: earlier.lines[1], after: current.lines[1] }]);
    // A line of another kind is another line.
    expect(diff.added).toEqual([current.lines[2]]);
    expect(diff.removed).toEqual([earlier.lines[2]]);
    expect(diff.total).toEqual({ before: 22000, after: 22500, difference: 500 });
    expect(diff.perTraveller.difference).toBe(166.67);
  });

  it('reports days and list items that came or went, and no line when only they differ', () => {
    const lines = [line('Resort', 2, 5000)];
    const earlier = version(lines, {
      days: [{ title: 'Day 1: Arrive', text: '' }],
      inclusions: ['Breakfast', 'Breakfast'],
      exclusions: ['Flights'],
    });
    const current = version(lines, {
      days: [
        { title: 'Day 1: Arrive', text: 'changed text is not a change of days' },
        { title: 'Day 2: Backwaters', text: '' },
      ],
      inclusions: ['breakfast', 'Dinner'],
      exclusions: [],
    });
    const diff = diffVersions(earlier, current);
    expect(diff.days).toEqual({ added: ['Day 2: Backwaters'], removed: [] });
    expect(diff.inclusions).toEqual({ added: ['Dinner'], removed: ['Breakfast'] });
    expect(diff.exclusions).toEqual({ added: [], removed: ['Flights'] });
    expect([diff.added, diff.removed, diff.changed, diff.total.difference]).toEqual([[], [], [], 0]);
  });
});
