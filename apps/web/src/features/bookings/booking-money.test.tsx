// D33 a booking's money on the bookings panel: the cost changes only with a reason, payments to the supplier are
// recorded (a reference unless cash) and reversed with a reason; what the server answers replaces what is shown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  PAYABLE_TEXT,
  SUPPLIER_PAYMENT_MESSAGES,
  type Booking,
  type BookingMoney,
} from '@safarnama/contract/suppliers';
import { inquiry } from '../../test/fixtures';
import { fakeToken, renderAt } from '../../test/render';
import { on, stubFetch, withQuery, type Route } from '../../test/query';
import BookingsPanel from './bookings-panel';

const LOAD = { timeout: 10_000 };
const booking: Booking = {
  _id: 'b1',
  supplier: { _id: 's1', kind: 'hotel', name: 'Snow Valley Resort', city: 'Manali', phone: '', email: '' },
  status: 'confirmed',
  lines: [{ kind: 'hotel', description: 'Deluxe room, 3 nights', quantity: 2 }],
  cost: 24000,
  confirmationNumber: 'SVR-1',
  declineReason: null,
  requestedAt: '2026-12-02T06:30:00.000Z',
  answeredAt: '2026-12-02T07:30:00.000Z',
  answeredBy: 'supplier',
};
const money = (overrides: Partial<BookingMoney> = {}): BookingMoney => ({
  bookingId: 'b1',
  status: 'confirmed',
  cost: 24000,
  linesCost: 24000,
  owed: 24000,
  paid: 0,
  due: 24000,
  payments: [],
  ...overrides,
});
const payment = {
  _id: 'p1',
  kind: 'payment' as const,
  reversed: false,
  amount: 10000,
  mode: 'upi' as const,
  reference: 'UTR123456789012',
  paidAt: '2026-12-03T06:30:00.000Z',
  reversalOf: null,
  reason: null,
  recordedBy: 'Kavya Rao',
  createdAt: '2026-12-03T06:30:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

function renderPanel(routes: Route[]) {
  localStorage.setItem('token', fakeToken('Staff'));
  const fetchMock = stubFetch(
    ...routes,
    on('GET', '/api/inquiries/i1/bookings', () => ({ body: { bookings: [booking], allConfirmed: true, sent: [] } })),
    on('GET', '/api/inquiries/i1/supplier-payments', () => ({ body: { bookings: [money()] } })),
  );
  renderAt('/inquiries/view/i1', withQuery(<BookingsPanel inquiry={inquiry({ _id: 'i1', status: 'Booked' })} />));
  return fetchMock;
}
const bodiesTo = (mock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  mock.mock.calls
    .filter(([input, init]) => init?.method === method && new URL(String(input), 'http://x').pathname === path)
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

async function openMoney() {
  const card = await screen.findByRole('listitem', { name: 'Snow Valley Resort' }, LOAD);
  // Closed at first: no cost on the panel until asked for.
  expect(within(card).queryByText(/24,000/)).not.toBeInTheDocument();
  await userEvent.click(within(card).getByRole('button', { name: PAYABLE_TEXT.moneyToggle }));
  expect(await within(card).findByTestId('booking-figures')).toHaveTextContent('Owed ₹24,000 · paid ₹0 · due ₹24,000');
  return card;
}

describe("a booking's cost and supplier payments", () => {
  it('changes the cost only with a reason', async () => {
    const fetch = renderPanel([
      on('PUT', '/api/bookings/b1/cost', () => ({
        body: { message: 'Booking cost changed', booking: money({ cost: 22500, owed: 22500, due: 22500 }) },
      })),
    ]);
    const card = await openMoney();
    await userEvent.click(within(card).getByRole('button', { name: PAYABLE_TEXT.changeCost }));
    const form = within(card).getByRole('form', { name: PAYABLE_TEXT.changeCost });
    const cost = within(form).getByLabelText(new RegExp(PAYABLE_TEXT.newCost.replace(/[()₹]/g, '.')));
    await userEvent.clear(cost);
    await userEvent.type(cost, '22500');
    await userEvent.click(within(form).getByRole('button', { name: PAYABLE_TEXT.saveCost }));
    expect(within(form).getByText(SUPPLIER_PAYMENT_MESSAGES.costReasonRequired)).toBeInTheDocument();
    expect(bodiesTo(fetch, 'PUT', '/api/bookings/b1/cost')).toEqual([]);

    await userEvent.type(within(form).getByLabelText(new RegExp(PAYABLE_TEXT.costReason)), 'Off-season rate');
    await userEvent.click(within(form).getByRole('button', { name: PAYABLE_TEXT.saveCost }));
    await waitFor(() =>
      expect(bodiesTo(fetch, 'PUT', '/api/bookings/b1/cost')).toEqual([{ cost: 22500, reason: 'Off-season rate' }]),
    );
    expect(await within(card).findByText('From the lines: ₹24,000')).toBeInTheDocument();
    expect(within(card).getByTestId('booking-figures')).toHaveTextContent('Owed ₹22,500 · paid ₹0 · due ₹22,500');
  });

  it('records a payment with its reference, then reverses it with a reason', async () => {
    const paid = money({ paid: 10000, due: 14000, payments: [payment] });
    const fetch = renderPanel([
      on('POST', '/api/bookings/b1/payments', () => ({
        body: { message: 'Supplier payment recorded', booking: paid },
      })),
      on('POST', '/api/supplier-payments/p1/reverse', () => ({
        body: {
          message: 'Supplier payment reversed',
          booking: money({
            payments: [
              { ...payment, _id: 'p2', kind: 'reversal', mode: null, reference: null, reason: 'Wrong booking' },
              { ...payment, reversed: true },
            ],
          }),
        },
      })),
    ]);
    const card = await openMoney();
    await userEvent.click(within(card).getByRole('button', { name: PAYABLE_TEXT.record }));
    const form = within(card).getByRole('form', { name: PAYABLE_TEXT.record });
    const amount = within(form).getByLabelText(/Amount/);
    expect(amount).toHaveValue(24000);
    await userEvent.clear(amount);
    await userEvent.type(amount, '10000');
    await userEvent.selectOptions(within(form).getByLabelText(/Mode/), 'upi');
    await userEvent.click(within(form).getByRole('button', { name: PAYABLE_TEXT.save }));
    expect(within(form).getByText(SUPPLIER_PAYMENT_MESSAGES.referenceRequired)).toBeInTheDocument();
    expect(bodiesTo(fetch, 'POST', '/api/bookings/b1/payments')).toEqual([]);

    await userEvent.type(within(form).getByLabelText(/Reference/), 'UTR123456789012');
    await userEvent.click(within(form).getByRole('button', { name: PAYABLE_TEXT.save }));
    await waitFor(() => expect(bodiesTo(fetch, 'POST', '/api/bookings/b1/payments')).toHaveLength(1));
    expect(bodiesTo(fetch, 'POST', '/api/bookings/b1/payments')[0]).toMatchObject({
      amount: 10000,
      mode: 'upi',
      reference: 'UTR123456789012',
    });
    const row = await within(card).findByTestId('supplier-payment');
    expect(row).toHaveTextContent('₹10,000 UPI · UTR123456789012');

    await userEvent.click(within(row).getByRole('button', { name: PAYABLE_TEXT.reverse }));
    const reverse = within(row).getByRole('form');
    await userEvent.click(within(reverse).getByRole('button', { name: PAYABLE_TEXT.confirmReverse }));
    expect(within(reverse).getByText(SUPPLIER_PAYMENT_MESSAGES.reversalReasonRequired)).toBeInTheDocument();
    await userEvent.type(within(reverse).getByLabelText(/Reason/), 'Wrong booking');
    await userEvent.click(within(reverse).getByRole('button', { name: PAYABLE_TEXT.confirmReverse }));
    await waitFor(() =>
      expect(bodiesTo(fetch, 'POST', '/api/supplier-payments/p1/reverse')).toEqual([{ reason: 'Wrong booking' }]),
    );
    const rows = await within(card).findAllByTestId('supplier-payment');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Reversed: Wrong booking');
    expect(within(rows[1]!).queryByRole('button', { name: PAYABLE_TEXT.reverse })).not.toBeInTheDocument();
  });
});
