import { describe, expect, it } from 'vitest';
import {
  INQUIRY_MESSAGES,
  PASSWORD_REQUIREMENTS_MESSAGE,
  canonicalStatus,
  computePendingAmount,
  computeProfit,
  createInquiryBodySchema,
  customerCallLink,
  customerGreeting,
  customerWhatsappLink,
  fieldErrors,
  formatRupees,
  formatShortDate,
  imageSrcSet,
  isStrongPassword,
  linesToList,
  packageFieldsSchema,
  passwordSchema,
  statusBadgeName,
  whatsappLink,
} from './index';

const validInquiry = {
  name: 'Asha Verma',
  email: 'Asha@Example.com',
  whatsappNumber: '+91 98765 43210',
  location: 'Kerala',
  noOfAdults: '2',
  budget: '50000',
};

describe('inquiry create schema (spec §5)', () => {
  it('accepts a valid payload and normalises it', () => {
    const r = createInquiryBodySchema.parse(validInquiry);
    expect(r.email).toBe('asha@example.com');
    expect(r.noOfAdults).toBe(2);
    expect(r.noOfKids).toBe(0);
    expect(r.budget).toBe(50000);
    expect(r.travelingFrom).toBe('');
    expect(r.hotelType).toBeUndefined();
  });

  it('reads rupees written with grouping commas, the Indian way or not', () => {
    const budget = (value: string) => createInquiryBodySchema.safeParse({ ...validInquiry, budget: value });
    expect(budget('1,50,000').data?.budget).toBe(150000);
    expect(budget('50,000.50').data?.budget).toBe(50000.5);
    expect(budget(',5').success).toBe(false);
    expect(budget('5,').success).toBe(false);
  });

  it.each([
    ['name', '', INQUIRY_MESSAGES.nameRequired],
    ['whatsappNumber', '', INQUIRY_MESSAGES.whatsappRequired],
    ['email', 'not-an-email', INQUIRY_MESSAGES.emailInvalid],
    ['location', '   ', INQUIRY_MESSAGES.locationRequired],
    ['noOfAdults', '', INQUIRY_MESSAGES.adultsRequired],
    ['noOfAdults', 'two', INQUIRY_MESSAGES.adultsRequired],
    ['budget', '', INQUIRY_MESSAGES.budgetRequired],
    ['budget', 'lots', INQUIRY_MESSAGES.budgetRequired],
  ])('%s = %j gives the spec message', (field, value, message) => {
    const r = createInquiryBodySchema.safeParse({ ...validInquiry, [field]: value });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!.issues)[field]).toBe(message);
  });

  it('gives the messages for missing fields too', () => {
    const r = createInquiryBodySchema.safeParse({});
    const errors = fieldErrors(r.error!.issues);
    expect(errors).toMatchObject({
      name: INQUIRY_MESSAGES.nameRequired,
      whatsappNumber: INQUIRY_MESSAGES.whatsappRequired,
      email: INQUIRY_MESSAGES.emailInvalid,
      location: INQUIRY_MESSAGES.locationRequired,
      noOfAdults: INQUIRY_MESSAGES.adultsRequired,
      budget: INQUIRY_MESSAGES.budgetRequired,
    });
  });

  it('enforces server limits', () => {
    expect(createInquiryBodySchema.safeParse({ ...validInquiry, noOfAdults: 0 }).success).toBe(false);
    expect(createInquiryBodySchema.safeParse({ ...validInquiry, noOfAdults: 101 }).success).toBe(false);
    expect(createInquiryBodySchema.safeParse({ ...validInquiry, noOfKids: -1 }).success).toBe(false);
    expect(createInquiryBodySchema.safeParse({ ...validInquiry, budget: -5 }).success).toBe(false);
    expect(createInquiryBodySchema.safeParse({ ...validInquiry, hotelType: 'palace' }).success).toBe(false);
    expect(createInquiryBodySchema.parse({ ...validInquiry, hotelType: 'Luxury' }).hotelType).toBe('luxury');
  });
});

describe('statuses (spec §4, D6)', () => {
  it('matches case-insensitively to the canonical form', () => {
    expect(canonicalStatus('new')).toBe('New');
    expect(canonicalStatus('  follow   up ')).toBe('Follow Up');
    expect(canonicalStatus('ADVANCE RECEIVED')).toBe('Advance Received');
    expect(canonicalStatus('Lost')).toBeUndefined();
  });

  it('names badge styles as lowercased, dash-joined status', () => {
    expect(statusBadgeName('Advance Received')).toBe('advance-received');
    expect(statusBadgeName('New')).toBe('new');
  });
});

describe('password rule (D4)', () => {
  it.each(['Abcdef1!', 'Str0ng"Pass', 'Xy9{long}z'])('accepts %s', (p) => expect(isStrongPassword(p)).toBe(true));
  it.each(['alllower1!', 'ALLUPPER1!', 'NoDigits!!', 'NoSpecial11', 'Aa1!'])('refuses %s', (p) => {
    expect(isStrongPassword(p)).toBe(false);
    expect(passwordSchema.safeParse(p).error?.issues[0]?.message).toBe(PASSWORD_REQUIREMENTS_MESSAGE);
  });
});

describe('formatters', () => {
  it('groups rupees the Indian way', () => {
    expect(formatRupees(124999)).toBe('₹1,24,999');
    expect(formatRupees(10000000)).toBe('₹1,00,00,000');
    expect(formatRupees(999.5)).toBe('₹999.50');
    expect(formatRupees(0.05)).toBe('₹0.05');
    expect(formatRupees(-2500.25)).toBe('-₹2,500.25');
  });

  it('writes rupees as Intl.NumberFormat en-IN does, without building one', () => {
    const whole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
    const paise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
    const amounts = [0, 1, 12, 999, 1000, 99999, 100000, 1234567, 12345678, 123456789012, -1, -45000];
    // A fixed pseudo-random sequence (a linear congruential generator), the same on every run.
    let seed = 29;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 500; i++) amounts.push(Math.round(next() * 10 ** (1 + (i % 12))) / (i % 3 ? 1 : 100));
    for (const amount of amounts) {
      expect(formatRupees(amount)).toBe((Number.isInteger(amount) ? whole : paise).format(amount));
    }
  });

  it('formats short dates and N/A', () => {
    expect(formatShortDate(null)).toBe('N/A');
    expect(formatShortDate('garbage')).toBe('N/A');
    expect(formatShortDate('2026-03-05T10:00:00Z')).toBe('5 Mar 2026');
  });

  it('computes derived money (D7)', () => {
    expect(computePendingAmount(100000, 40000)).toBe(60000);
    expect(computeProfit(100000, 45000, 15000.5)).toBe(39999.5);
    expect(computeProfit(10, 20, 0)).toBe(-10);
  });

  it('builds srcset from stored paths and leaves links alone', () => {
    expect(imageSrcSet('/uploads/abc-960.webp')).toBe(
      '/uploads/abc-480.webp 480w, /uploads/abc-960.webp 960w, /uploads/abc-1600.webp 1600w',
    );
    expect(imageSrcSet('https://example.com/x.jpg')).toBeUndefined();
  });

  it('makes WhatsApp links with a greeting', () => {
    expect(whatsappLink('+91 98765-43210')).toMatch(/^https:\/\/wa\.me\/919876543210\?text=Hello/);
  });

  it("links to a customer's WhatsApp number when it says its country, India for a ten-digit mobile", () => {
    const hello = customerGreeting('Asha Verma', 'Safarnama', 'Kerala');
    expect(hello).toBe('Hello Asha Verma, this is Safarnama about your trip inquiry for Kerala.');
    const to = (n: string) => customerWhatsappLink(n, hello)?.split('?')[0];
    expect(to('+91 98765 43210')).toBe('https://wa.me/919876543210');
    expect(to('98765 43210')).toBe('https://wa.me/919876543210');
    expect(to('098765-43210')).toBe('https://wa.me/919876543210');
    expect(to('91 98765 43210')).toBe('https://wa.me/919876543210');
    expect(to('0091 98765 43210')).toBe('https://wa.me/919876543210');
    expect(to('+44 7700 900123')).toBe('https://wa.me/447700900123');
    expect(to('43210')).toBeUndefined();
    expect(to('5550 123456')).toBeUndefined();
    expect(to('+1234567890123456')).toBeUndefined();
    expect(customerWhatsappLink('98765 43210', hello)).toContain(`?text=${encodeURIComponent(hello)}`);
  });

  it("calls a customer's number in international form, and not a number that says no country", () => {
    expect(customerCallLink('098765-43210')).toBe('tel:+919876543210');
    expect(customerCallLink('+44 7700 900123')).toBe('tel:+447700900123');
    expect(customerCallLink('5550 123456')).toBeUndefined();
  });
});

describe('package fields', () => {
  it('turns one-item-per-line text into lists, dropping blank lines', () => {
    expect(linesToList('Hotel\n\n  Breakfast  \r\nTransfers\n')).toEqual(['Hotel', 'Breakfast', 'Transfers']);
    const r = packageFieldsSchema.parse({
      name: 'Kerala',
      description: 'Kochi, Munnar',
      price: '24999',
      duration: '5',
      packageOverview: 'o',
      tourItinerary: 'i',
      inclusions: 'a\nb',
      exclusions: 'c',
      importantNotes: 'd',
    });
    expect(r.price).toBe(24999);
    expect(r.inclusions).toEqual(['a', 'b']);
  });

  it('refuses non-numeric price and a zero duration', () => {
    const r = packageFieldsSchema.safeParse({ price: 'cheap', duration: '0' });
    const errors = fieldErrors(r.error!.issues);
    expect(errors.price).toMatch(/number/);
    expect(errors.duration).toMatch(/at least 1/);
  });
});
