import { describe, expect, it } from 'vitest';
import { SUPPLIER_MESSAGES, fieldErrors, supplierBodySchema, supplierListQuerySchema } from './index';

const valid = {
  kind: 'hotel',
  name: '  Snow Valley Resort ',
  city: 'Manali',
  contactPerson: 'Rakesh Thakur',
  phone: '+91 98160 12345',
  email: 'Bookings@SnowValley.example',
};

const errorsOf = (body: unknown) => {
  const r = supplierBodySchema.safeParse(body);
  return r.success ? {} : fieldErrors(r.error.issues);
};

describe('supplier body (D33)', () => {
  it('trims, lower-cases the e-mail, and defaults notes and active', () => {
    const s = supplierBodySchema.parse(valid);
    expect(s).toMatchObject({
      name: 'Snow Valley Resort',
      email: 'bookings@snowvalley.example',
      notes: '',
      active: true,
    });
  });

  it('takes a 10-digit Indian mobile or a number with its country, and refuses anything else', () => {
    expect(errorsOf({ ...valid, phone: '98160 12345' })).toEqual({});
    expect(errorsOf({ ...valid, phone: '+44 20 7946 0958' })).toEqual({});
    for (const phone of ['12345', 'call me', '0123 456', '+91 98160 ext 9']) {
      expect(errorsOf({ ...valid, phone }), phone).toEqual({ phone: SUPPLIER_MESSAGES.phoneInvalid });
    }
  });

  it('refuses a bad e-mail, and wants a phone or an e-mail', () => {
    expect(errorsOf({ ...valid, email: 'not-an-address' })).toEqual({ email: SUPPLIER_MESSAGES.emailInvalid });
    expect(errorsOf({ ...valid, phone: '', email: '' })).toEqual({ phone: SUPPLIER_MESSAGES.contactRequired });
    expect(errorsOf({ ...valid, phone: '', email: 'desk@hotel.example' })).toEqual({});
  });

  it('refuses a missing name or city, an unknown kind and a line break in a name', () => {
    expect(errorsOf({ ...valid, name: ' ', city: '', kind: 'airline' })).toEqual({
      name: SUPPLIER_MESSAGES.nameRequired,
      city: SUPPLIER_MESSAGES.cityRequired,
      kind: SUPPLIER_MESSAGES.kindInvalid,
    });
    expect(Object.keys(errorsOf({ ...valid, name: 'Snow\nValley' }))).toEqual(['name']);
  });
});

describe('supplier list parameters', () => {
  it('treats blanks as no filter and reads active as a boolean', () => {
    expect(supplierListQuerySchema.parse({ q: '', kind: '', city: ' ', active: '' })).toMatchObject({
      page: 1,
      kind: undefined,
      city: undefined,
      active: undefined,
    });
    expect(supplierListQuerySchema.parse({ kind: 'cab', active: 'false' })).toMatchObject({
      kind: 'cab',
      active: false,
    });
    expect(supplierListQuerySchema.safeParse({ kind: 'airline' }).success).toBe(false);
    expect(supplierListQuerySchema.safeParse({ active: 'yes' }).success).toBe(false);
  });
});
