import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES, fieldErrors, supplierLinkAnswerBodySchema } from './index';

const errorsOf = (body: unknown) => {
  const r = supplierLinkAnswerBodySchema.safeParse(body);
  return r.success ? {} : fieldErrors(r.error.issues);
};

describe("a supplier's answer to a booking request (D33)", () => {
  it('wants a confirmation number to confirm and a reason to decline', () => {
    expect(errorsOf({ action: 'confirm', confirmationNumber: ' SVR-1 ' })).toEqual({});
    expect(supplierLinkAnswerBodySchema.parse({ action: 'confirm', confirmationNumber: ' SVR-1 ' })).toMatchObject({
      confirmationNumber: 'SVR-1',
      reason: '',
    });
    expect(errorsOf({ action: 'confirm' })).toEqual({ confirmationNumber: BOOKING_MESSAGES.confirmationRequired });
    expect(errorsOf({ action: 'decline', reason: '  ' })).toEqual({ reason: BOOKING_MESSAGES.reasonRequired });
    expect(errorsOf({ action: 'cancel' })).toEqual({ action: BOOKING_MESSAGES.actionInvalid });
  });

  it('refuses a line break in a confirmation number but keeps one in a reason', () => {
    expect(Object.keys(errorsOf({ action: 'confirm', confirmationNumber: 'A\nB' }))).toEqual(['confirmationNumber']);
    expect(errorsOf({ action: 'decline', reason: 'Full that week.\nSorry.' })).toEqual({});
  });
});
