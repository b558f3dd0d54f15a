// Data the web tests share: a tour package as the API answers it, with what a test needs overridden.
import type { TourPackage } from '@safarnama/contract/packages';

export const tourPackage = (overrides: Partial<TourPackage> = {}): TourPackage => ({
  _id: 'p1',
  name: 'Kerala Backwaters',
  description: 'Kochi, Munnar',
  price: 24999,
  duration: 6,
  images: ['/uploads/kerala-960.webp', '/uploads/munnar-960.webp', '/uploads/alleppey-960.webp'],
  packageOverview: 'Overview',
  tourItinerary: 'Day 1',
  inclusions: ['Breakfast'],
  exclusions: ['Flights'],
  importantNotes: ['Carry ID'],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});
