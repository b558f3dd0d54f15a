import { afterEach, describe, expect, it } from 'vitest';
import { forgetSavedTrips, readSavedTrip, saveTrip, savedTripKeys } from './saved-trips';
import { papersToDrop } from './keep-offline';

afterEach(() => forgetSavedTrips());

describe('the trips kept for offline use (D34)', () => {
  it('keeps the newest three with the time of their answer, and forgets them all at log-out', () => {
    ['a', 'b', 'c', 'd'].forEach((key, i) => saveTrip(`link/${key}`, { n: i }, new Date(Date.UTC(2026, 11, 2, i))));
    expect(savedTripKeys()).toEqual(['link/d', 'link/c', 'link/b']);
    expect(readSavedTrip('link/a')).toBeUndefined();
    expect(readSavedTrip('link/c')).toEqual({ data: { n: 2 }, savedAt: '2026-12-02T02:00:00.000Z' });
    forgetSavedTrips();
    expect(savedTripKeys()).toEqual([]);
    expect(localStorage.getItem('safarnama.offline-trips')).toBeNull();
  });

  it('reads nothing from a value written by something else', () => {
    localStorage.setItem('safarnama.offline-trips', '[1,2]');
    expect(readSavedTrip('link/a')).toBeUndefined();
    localStorage.setItem('safarnama.offline-trips', '{not json');
    expect(savedTripKeys()).toEqual([]);
  });
});

describe('the papers kept within their bound', () => {
  const paper = (trip: string, bytes: number) => ({ url: `${trip}/p${bytes}`, trip, bytes });

  it('drops the papers of trips no longer kept, whatever the room', () => {
    expect(papersToDrop([paper('/t/old', 10), paper('/t/now', 10)], 0, '/t/now', ['/t/now'], 1000)).toEqual([
      '/t/old/p10',
    ]);
  });

  it("makes room from the trips seen longest ago, never the current one's", () => {
    const cached = [paper('/t/a', 400), paper('/t/b', 300), paper('/t/now', 200)];
    const order = ['/t/now', '/t/b', '/t/a'];
    expect(papersToDrop(cached, 100, '/t/now', order, 1000)).toEqual([]);
    expect(papersToDrop(cached, 300, '/t/now', order, 1000)).toEqual(['/t/a/p400']);
    expect(papersToDrop(cached, 900, '/t/now', order, 1000)).toEqual(['/t/a/p400', '/t/b/p300']);
  });
});
