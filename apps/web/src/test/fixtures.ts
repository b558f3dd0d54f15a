// Data the web tests share: a tour package and an inquiry as the API answers them, with what a test needs
// overridden.
import { EMPTY_TABLE_ANSWER, type Inquiry } from '@safarnama/contract/inquiries';
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

/** A New, unassigned inquiry with no money entered yet. */
export const inquiry = (overrides: Partial<Inquiry> = {}): Inquiry => ({
  ...EMPTY_TABLE_ANSWER,
  _id: 'i1',
  customer: { name: 'Asha Verma', email: 'asha@example.com', whatsappNumber: '+91 98765 43210' },
  staff: null,
  travelingFrom: 'Delhi',
  location: 'Goa',
  dropCity: '',
  noOfAdults: 2,
  noOfKids: 0,
  extraInfo: '',
  tourDuration: '4N/5D',
  hotelType: 'standard',
  budget: 50000,
  status: 'New',
  createdAt: '2025-03-04T10:00:00.000Z',
  updatedAt: '2025-03-05T10:00:00.000Z',
  totalRevenue: 0,
  hotelCost: 0,
  cabCost: 0,
  advance: 0,
  tpc: 0,
  pendingAmount: 0,
  profit: 0,
  travelDate: null,
  source: 'website',
  package: null,
  followUpAt: null,
  ...overrides,
});
