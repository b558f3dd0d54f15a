import { describe, expect, it } from 'vitest';
import { packagePrefill } from './package-prefill';

const from = (query: string) => packagePrefill(new URLSearchParams(query));

describe('packagePrefill', () => {
  it("takes Book Now's package as the place and its duration", () => {
    expect(from('package=Kerala+Backwaters+%26+Hills&duration=6+Days')).toEqual({
      location: 'Kerala Backwaters & Hills',
      tourDuration: '6 Days',
    });
    expect(from('package=Goa')).toEqual({ location: 'Goa' });
  });

  it('keeps the package id that links the inquiry to it (D26)', () => {
    expect(from('package=Goa&duration=4+Days&packageId=0190-abc')).toEqual({
      location: 'Goa',
      tourDuration: '4 Days',
      packageId: '0190-abc',
    });
    expect(from('packageId=0190-abc')).toEqual({});
    // A crafted id the form would refuse in a field nobody sees is left out, so Send still sends.
    expect(from(`package=Goa&packageId=${'x'.repeat(65)}`)).toEqual({ location: 'Goa' });
  });

  it('starts from nothing without a package', () => {
    expect(from('')).toEqual({});
    expect(from('package=++&duration=6+Days')).toEqual({});
  });

  it("keeps a crafted link's text within the form's limits, on one line", () => {
    const long = from(`package=${'x'.repeat(500)}&duration=${'y'.repeat(500)}`);
    expect(long.location).toHaveLength(150);
    expect(long.tourDuration).toHaveLength(50);
    expect(from('package=%20Spiti%0A%0AValley%20').location).toBe('Spiti Valley');
  });
});
