// D33 the Owner's "What we owe": each supplier's owed, paid and due, and a supplier opened to the bookings behind.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Payables, SupplierPayables } from '@safarnama/contract/suppliers';
import { fakeToken, renderAt } from '../../test/render';
import { on, stubFetch, withQuery } from '../../test/query';
import PayablesPage from './payables-page';

afterEach(() => vi.unstubAllGlobals());

const supplier = { _id: 's1', kind: 'hotel' as const, name: 'Snow Valley Resort', city: 'Manali' };
const list: Payables = {
  totals: { owed: 42000, paid: 30000, due: 12000 },
  suppliers: [
    { supplier, owed: 24000, paid: 10000, due: 14000, bookings: 2, nextTravelDate: '2027-05-10' },
    {
      supplier: { _id: 's2', kind: 'cab', name: 'Himalayan Wheels', city: 'Delhi' },
      owed: 18000,
      paid: 20000,
      due: -2000,
      bookings: 1,
      nextTravelDate: null,
    },
  ],
};
const detail: SupplierPayables = {
  supplier,
  owed: 24000,
  paid: 10000,
  due: 14000,
  bookings: [
    {
      bookingId: 'b1',
      status: 'confirmed',
      cost: 24000,
      linesCost: 25000,
      owed: 24000,
      paid: 10000,
      due: 14000,
      payments: [
        {
          _id: 'p1',
          kind: 'payment',
          reversed: false,
          amount: 10000,
          mode: 'bank',
          reference: 'NEFT991',
          paidAt: '2026-12-03T06:30:00.000Z',
          reversalOf: null,
          reason: null,
          recordedBy: 'Arjun Mehta',
          createdAt: '2026-12-03T06:30:00.000Z',
        },
      ],
      inquiryId: 'i1',
      customerName: 'Meera Pillai',
      location: 'Manali',
      travelDate: '2027-05-10',
      confirmationNumber: 'SVR-1',
    },
  ],
};

describe('what we owe', () => {
  it('lists each supplier with owed, paid and due, and opens one to its bookings', async () => {
    localStorage.setItem('token', fakeToken('Owner'));
    stubFetch(
      on('GET', '/api/payables', () => ({ body: list })),
      on('GET', '/api/payables/s1', () => ({ body: detail })),
    );
    renderAt('/payables', withQuery(<PayablesPage />));
    const hotel = await screen.findByRole('link', { name: 'Snow Valley Resort' }, { timeout: 10_000 });
    expect(hotel).toHaveTextContent('Owed₹24,000Paid₹10,000Due₹14,000');
    expect(hotel).toHaveTextContent('next trip');
    expect(screen.getByRole('link', { name: 'Himalayan Wheels' })).toHaveTextContent('₹2,000 paid ahead');

    await userEvent.click(hotel);
    const booking = await screen.findByTestId('payable-booking', {}, { timeout: 10_000 });
    expect(within(booking).getByRole('link', { name: 'Meera Pillai' })).toHaveAttribute('href', '/inquiries/view/i1');
    expect(booking).toHaveTextContent('Confirmed · SVR-1');
    expect(booking).toHaveTextContent('From the lines: ₹25,000');
    expect(booking).toHaveTextContent('₹10,000 · Bank transfer · NEFT991');
    expect(screen.getByRole('link', { name: 'All suppliers' })).toHaveAttribute('href', '/payables');
  });
});
