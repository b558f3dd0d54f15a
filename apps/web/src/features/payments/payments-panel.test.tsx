import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InquiryPayments, Payment } from '@safarnama/contract/payments';
import { PAYMENT_MESSAGES, kolkataDate } from '@safarnama/contract/payments-rules';
import { inquiry } from '../../test/fixtures';
import { fakeToken, renderAt } from '../../test/render';
import { on, stubFetch, withQuery, type Route } from '../../test/query';
import PaymentsPanel from './payments-panel';

const PAYMENTS_URL = '/api/inquiries/i1/payments';

const payment = (overrides: Partial<Payment> = {}): Payment => ({
  _id: 'p1',
  kind: 'payment',
  state: 'verified',
  amount: 14658,
  claimedAmount: null,
  mode: 'bank',
  reference: 'HDFC123456',
  receivedAt: '2026-12-02T06:30:00.000Z',
  instalmentId: 'inst1',
  receiptNumber: 'RCT/2026-27/0001',
  reversalOf: null,
  reversedBy: null,
  reason: null,
  recordedBy: 'Priya Nair',
  verifiedAt: '2026-12-02T06:30:00.000Z',
  verifiedBy: 'Priya Nair',
  createdAt: '2026-12-02T06:30:00.000Z',
  ...overrides,
});

const answer = (overrides: Partial<InquiryPayments> = {}): InquiryPayments => ({
  total: 36645,
  paid: 0,
  pending: 36645,
  instalments: [
    {
      _id: 'inst1',
      number: 1,
      reference: 'Q-20261201-3F9A2C-1',
      amount: 14658,
      paid: 0,
      dueDate: '2026-12-02',
      status: 'due',
    },
    {
      _id: 'inst2',
      number: 2,
      reference: 'Q-20261201-3F9A2C-2',
      amount: 21987,
      paid: 0,
      dueDate: '2027-01-11',
      status: 'due',
    },
  ],
  payments: [],
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

function renderPanel(data: InquiryPayments, ...routes: Route[]) {
  localStorage.setItem('token', fakeToken('Staff'));
  const fetchMock = stubFetch(
    ...routes,
    on('GET', PAYMENTS_URL, () => ({ body: data })),
  );
  renderAt('/inquiries/view/i1', withQuery(<PaymentsPanel inquiry={inquiry()} />));
  return fetchMock;
}

const bodiesTo = (mock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  mock.mock.calls
    .filter(([input, init]) => init?.method === method && new URL(String(input), 'http://x').pathname === path)
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

const LOAD = { timeout: 10_000 };
const sum = () => screen.getByTestId('schedule-sum');
const amountOf = (n: number) => screen.getByLabelText(`Instalment ${n} amount (₹)`);
const dateOf = (n: number) => screen.getByLabelText(`Instalment ${n} due date`);

describe('the payments panel (D31)', { timeout: 30_000 }, () => {
  it('shows the totals and each instalment with its status', async () => {
    renderPanel(
      answer({
        paid: 14658,
        pending: 21987,
        instalments: answer().instalments.map((i, n) =>
          n === 0 ? { ...i, paid: 14658, status: 'paid' } : { ...i, status: 'overdue' },
        ),
      }),
    );
    const rows = await screen.findAllByTestId('schedule-instalment', {}, LOAD);
    expect(rows[0]).toHaveTextContent('1Q-20261201-3F9A2C-12 Dec 2026₹14,658₹14,658Paid');
    expect(rows[1]).toHaveTextContent('2Q-20261201-3F9A2C-211 Jan 2027₹21,987₹0Overdue');
    expect(screen.getByTestId('payments-Paid')).toHaveTextContent('₹14,658');
    expect(screen.getByTestId('payments-Pending')).toHaveTextContent('₹21,987');
  });

  it('splits an instalment keeping the sum, moves a date, checks the sum live and sends the schedule', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPanel(
      answer(),
      on('PUT', '/api/inquiries/i1/instalments', () => ({ body: answer() })),
    );
    await user.click(await screen.findByRole('button', { name: 'Change the schedule' }, LOAD));
    expect(sum()).toHaveTextContent('The instalments add up to ₹36,645.');

    // Split the balance: two halves, the odd rupee on the first, the same day; the sum does not move.
    await user.click(screen.getByRole('button', { name: 'Split instalment 2' }));
    expect(screen.getAllByTestId('schedule-row')).toHaveLength(3);
    expect(amountOf(2)).toHaveValue(10993.5);
    expect(amountOf(3)).toHaveValue(10993.5);
    expect(dateOf(3)).toHaveValue('2027-01-11');
    expect(sum()).toHaveTextContent('The instalments add up to ₹36,645.');

    // Change an amount: the check says what is left, then what is too much.
    await user.clear(amountOf(3));
    await user.type(amountOf(3), '10000');
    expect(sum()).toHaveTextContent('Must sum to ₹36,645 — ₹993.50 left');
    await user.click(screen.getByRole('button', { name: 'Save the schedule' }));
    expect(screen.getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.scheduleSum('₹35,651.50', '₹36,645'));
    expect(bodiesTo(fetchMock, 'PUT', '/api/inquiries/i1/instalments')).toHaveLength(0);
    await user.clear(amountOf(3));
    await user.type(amountOf(3), '12000');
    expect(sum()).toHaveTextContent('Must sum to ₹36,645 — ₹1,006.50 too much');
    await user.clear(amountOf(3));
    await user.type(amountOf(3), '10993.50');
    expect(sum()).toHaveTextContent('The instalments add up to ₹36,645.');

    // Move the new one's date, and send.
    await user.clear(dateOf(3));
    await user.type(dateOf(3), '2026-12-20');
    await user.click(screen.getByRole('button', { name: 'Save the schedule' }));
    await waitFor(() => expect(bodiesTo(fetchMock, 'PUT', '/api/inquiries/i1/instalments')).toHaveLength(1));
    expect(bodiesTo(fetchMock, 'PUT', '/api/inquiries/i1/instalments')[0]).toEqual({
      instalments: [
        { amount: 14658, dueDate: '2026-12-02' },
        { amount: 10993.5, dueDate: '2027-01-11' },
        { amount: 10993.5, dueDate: '2026-12-20' },
      ],
    });
    // Saved: the editor closes.
    await waitFor(() => expect(screen.queryByTestId('schedule-row')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal of a schedule beside its row and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderPanel(
      answer(),
      on('PUT', '/api/inquiries/i1/instalments', () => ({
        status: 400,
        body: {
          message: PAYMENT_MESSAGES.paidPartChanged,
          errors: { 'instalments.1.dueDate': PAYMENT_MESSAGES.dueDateInvalid },
        },
      })),
    );
    await user.click(await screen.findByRole('button', { name: 'Change the schedule' }, LOAD));
    await user.clear(dateOf(2));
    await user.type(dateOf(2), '2027-01-02');
    await user.click(screen.getByRole('button', { name: 'Save the schedule' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.paidPartChanged)).toBeInTheDocument();
    expect(screen.getByText(PAYMENT_MESSAGES.dueDateInvalid)).toBeInTheDocument();
    expect(dateOf(2)).toHaveValue('2027-01-02');
  });

  it('verifies a claim with a corrected amount, and reverses a payment with its reason', async () => {
    const user = userEvent.setup();
    const claim = payment({
      _id: 'c1',
      state: 'claimed',
      amount: 14658,
      claimedAmount: 14658,
      mode: 'upi',
      reference: '413244427799',
      receiptNumber: null,
      verifiedAt: null,
      verifiedBy: null,
    });
    const fetchMock = renderPanel(
      answer({ payments: [claim, payment({ _id: 'p2', instalmentId: 'inst2', amount: 5000 })] }),
      on('POST', '/api/payments/c1/verify', () => ({
        body: { message: PAYMENT_MESSAGES.verified, payment: { ...claim, state: 'verified' } },
      })),
      on('POST', '/api/payments/p2/reverse', () => ({
        status: 409,
        body: { message: PAYMENT_MESSAGES.alreadyReversed },
      })),
    );
    const entries = await screen.findAllByTestId('ledger-entry', {}, LOAD);
    expect(entries[0]).toHaveTextContent('Customer reported ₹14,658');
    expect(entries[0]).toHaveTextContent('UPI · 413244427799 · 2 Dec 2026 · Q-20261201-3F9A2C-1');
    await user.click(within(entries[0]!).getByRole('button', { name: 'Verify' }));
    await user.type(within(entries[0]!).getByLabelText('Amount received (₹), if it differs'), '14000');
    await user.click(within(entries[0]!).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(bodiesTo(fetchMock, 'POST', '/api/payments/c1/verify')).toEqual([{ amount: 14000 }]));

    // A reversal needs its reason; the server's refusal is said and the reason stays.
    await user.click(within(entries[1]!).getByRole('button', { name: 'Reverse' }));
    const reverse = within(entries[1]!).getAllByRole('button', { name: 'Reverse' }).at(-1)!;
    await user.click(reverse);
    expect(within(entries[1]!).getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.reasonRequired);
    expect(bodiesTo(fetchMock, 'POST', '/api/payments/p2/reverse')).toHaveLength(0);
    await user.type(within(entries[1]!).getByLabelText(/Reason for the reversal/), 'Cheque bounced');
    await user.click(reverse);
    expect(await within(entries[1]!).findByText(PAYMENT_MESSAGES.alreadyReversed)).toBeInTheDocument();
    expect(within(entries[1]!).getByLabelText(/Reason for the reversal/)).toHaveValue('Cheque bounced');
    expect(bodiesTo(fetchMock, 'POST', '/api/payments/p2/reverse')).toEqual([{ reason: 'Cheque bounced' }]);
  });

  it('strikes a reversed payment through with its reason, and keeps the reversal in the ledger', async () => {
    renderPanel(
      answer({
        payments: [
          payment({
            _id: 'r1',
            kind: 'reversal',
            state: 'verified',
            amount: -5000,
            mode: null,
            reference: null,
            receiptNumber: null,
            reversalOf: 'p2',
            reason: 'Cheque bounced',
          }),
          payment({
            _id: 'p2',
            state: 'reversed',
            amount: 5000,
            mode: 'cheque',
            reference: '004512',
            reversedBy: 'r1',
          }),
        ],
      }),
    );
    const entries = await screen.findAllByTestId('ledger-entry', {}, LOAD);
    expect(entries[0]).toHaveTextContent('Reversal of ₹5,000');
    expect(entries[0]).toHaveTextContent('Cheque bounced');
    expect(entries[1]).toHaveTextContent('Reversed: Cheque bounced');
    expect(within(entries[1]!).getByText('₹5,000').closest('.line-through')).not.toBeNull();
    expect(within(entries[1]!).queryByRole('button', { name: 'Reverse' })).not.toBeInTheDocument();
    expect(within(entries[1]!).getByRole('button', { name: 'Receipt PDF RCT/2026-27/0001' })).toBeInTheDocument();
  });

  it('records a payment: a reference is needed except for cash, and a used one is refused beside it', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPanel(
      answer(),
      on('POST', PAYMENTS_URL, () => ({ status: 409, body: { message: PAYMENT_MESSAGES.duplicateReference } })),
    );
    await user.click(await screen.findByRole('button', { name: 'Record a payment' }, LOAD));
    const form = screen.getByRole('form', { name: 'Record a payment' });
    expect(within(form).getByLabelText(/Amount/)).toHaveValue(14658);
    await user.click(within(form).getByRole('button', { name: 'Record a payment' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.referenceRequired);
    expect(bodiesTo(fetchMock, 'POST', PAYMENTS_URL)).toHaveLength(0);
    await user.type(within(form).getByLabelText(/Reference/), 'hdfc 1234');
    await user.click(within(form).getByRole('button', { name: 'Record a payment' }));
    expect(await within(form).findByText(PAYMENT_MESSAGES.duplicateReference)).toBeInTheDocument();
    expect(within(form).getByLabelText(/Reference/)).toHaveValue('hdfc 1234');
    expect(bodiesTo(fetchMock, 'POST', PAYMENTS_URL)[0]).toMatchObject({
      amount: 14658,
      mode: 'bank',
      reference: 'hdfc 1234',
    });
  });

  it('makes a schedule for an inquiry priced by hand, starting from the whole total due today', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPanel(
      answer({ instalments: [] }),
      on('PUT', '/api/inquiries/i1/instalments', () => ({ body: answer() })),
    );
    expect(await screen.findByText(PAYMENT_MESSAGES.noSchedule, {}, LOAD)).toBeInTheDocument();
    // Nothing in the ledger: the inquiry's typed advance stands, so no ledger totals contradict it.
    expect(screen.queryByTestId('payments-Paid')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make a schedule' }));
    expect(amountOf(1)).toHaveValue(36645);
    expect(dateOf(1)).toHaveValue(kolkataDate(Date.now()));
    await user.click(screen.getByRole('button', { name: 'Split instalment 1' }));
    await user.clear(dateOf(2));
    await user.type(dateOf(2), '2027-01-11');
    await user.click(screen.getByRole('button', { name: 'Save the schedule' }));
    await waitFor(() =>
      expect(bodiesTo(fetchMock, 'PUT', '/api/inquiries/i1/instalments')).toEqual([
        {
          instalments: [
            { amount: 18322.5, dueDate: kolkataDate(Date.now()) },
            { amount: 18322.5, dueDate: '2027-01-11' },
          ],
        },
      ]),
    );
  });
});
