import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import type { TripInstalment, TripPayments } from '@safarnama/contract/payments';
import { PAYMENT_MESSAGES } from '@safarnama/contract/payments-rules';
import type { Trip, TripVersion } from '@safarnama/contract/quotes';
import { invalidateResources } from '../../lib/use-resource';
import { fakeToken, renderAt } from '../../test/render';
import { callsTo, on, stubFetch } from '../../test/query';
import CustomerTripPage from './customer-trip-page';
import TripPage from './trip-page';
import { loadTripPayments, loadUpiQr } from './components/lazy-parts';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const TRIP_URL = `/api/trips/${TOKEN}`;
const ADVANCE_URI =
  'upi://pay?pa=safarnama%40okaxis&pn=Safarnama&am=14658.00&cu=INR&tn=Advance%20Udaipur&tr=Q-20261201-3F9A2C-1';
const BALANCE_URI =
  'upi://pay?pa=safarnama%40okaxis&pn=Safarnama&am=21987.00&cu=INR&tn=Balance%20Udaipur&tr=Q-20261201-3F9A2C-2';

const accepted: TripVersion = {
  number: 1,
  status: 'accepted',
  days: [],
  lines: [{ kind: 'hotel', description: 'Lake Palace Inn, 3 nights', quantity: 3, unitPrice: 12215, price: 36645 }],
  totals: { price: 36645, gstPercent: 0, gst: 0, total: 36645, travellers: 2, perTraveller: 18322.5 },
  validUntil: '2026-12-08',
  notes: '',
  inclusions: [],
  exclusions: [],
  sentAt: '2026-12-01T06:00:00.000Z',
  acceptedAt: '2026-12-02T10:35:00.000Z',
  acceptedName: 'Meera Pillai',
};

const instalment = (overrides: Partial<TripInstalment> = {}): TripInstalment => ({
  _id: 'inst1',
  number: 1,
  reference: 'Q-20261201-3F9A2C-1',
  amount: 14658,
  dueDate: '2026-12-02',
  status: 'due',
  upiUri: ADVANCE_URI,
  ...overrides,
});

const balance = instalment({
  _id: 'inst2',
  number: 2,
  reference: 'Q-20261201-3F9A2C-2',
  amount: 21987,
  dueDate: '2027-01-11',
  upiUri: BALANCE_URI,
});

const payments = (overrides: Partial<TripPayments> = {}): TripPayments => ({
  total: 36645,
  paid: 0,
  pending: 36645,
  instalments: [instalment(), balance],
  payTo: { upiId: 'safarnama@okaxis', bank: null, phone: '+91 98765 00000' },
  receipts: [],
  ...overrides,
});

const trip = (p: TripPayments): Trip => ({
  agency: { name: 'Safarnama', phone: '+91 98765 00000', email: '', whatsapp: '', social: {} },
  trip: {
    customerName: 'Meera Pillai',
    destination: 'Udaipur',
    travelDate: '2027-01-12',
    tourDuration: '3N/4D',
    adults: 2,
    kids: 0,
    handlerName: null,
  },
  current: accepted,
  earlier: [],
  terms: { advancePercent: 40, balanceHoursBefore: 24, text: ['An advance of 40%.'] },
  payments: p,
});

const answer = (body: unknown) => () => ({ body });
const renderTrip = () =>
  renderAt(
    `/trip/${TOKEN}`,
    <Switch>
      <Route path="/trip/:token">
        <TripPage />
      </Route>
    </Switch>,
  );
const LAZY = { timeout: 5_000 };
const cardOf = async (name: string) =>
  (await screen.findByRole('heading', { level: 3, name }, LAZY)).closest('li') as HTMLElement;

// The payments section and the QR are lazy chunks: transformed once here, not inside a test's time.
beforeAll(() => Promise.all([loadTripPayments(), loadUpiQr()]), 30_000);
beforeEach(() => invalidateResources(''));
afterEach(() => vi.unstubAllGlobals());

describe('the trip page’s payments (D31)', { timeout: 20_000 }, () => {
  it('shows each instalment with its amount, due day and status, a QR and UPI link only while unpaid', async () => {
    stubFetch(
      on(
        'GET',
        TRIP_URL,
        answer(
          trip(
            payments({
              paid: 14658,
              pending: 21987,
              instalments: [instalment({ status: 'paid', upiUri: null }), balance],
              receipts: [
                {
                  _id: 'pay1',
                  number: 'RCT/2026-27/0001',
                  amount: 14658,
                  mode: 'upi',
                  receivedAt: '2026-12-02T11:00:00.000Z',
                  reversed: false,
                },
              ],
            }),
          ),
        ),
      ),
    );
    renderTrip();
    const advance = await cardOf('Advance');
    expect(advance).toHaveTextContent('Due 2 Dec 2026');
    expect(advance).toHaveTextContent('₹14,658');
    expect(within(advance).getByText('Paid')).toHaveAttribute('data-status', 'paid');
    expect(within(advance).queryByTestId('upi-qr')).not.toBeInTheDocument();
    expect(within(advance).queryByTestId('upi-pay-link')).not.toBeInTheDocument();
    expect(within(advance).queryByLabelText('UPI reference (UTR)')).not.toBeInTheDocument();

    const rest = await cardOf('Balance');
    expect(rest).toHaveTextContent('Due 11 Jan 2027');
    expect(within(rest).getByText('Due')).toHaveAttribute('data-status', 'due');
    const qr = await within(rest).findByTestId('upi-qr', {}, LAZY);
    expect(qr).toHaveAccessibleName('QR code to pay ₹21,987 by UPI');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    // The link carries exactly the server's URI, nothing re-encoded.
    expect(within(rest).getByTestId('upi-pay-link')).toHaveAttribute('href', BALANCE_URI);
    expect(within(rest).getByText('Q-20261201-3F9A2C-2')).toBeInTheDocument();
    expect(screen.getAllByTestId('upi-qr')).toHaveLength(1);

    expect(screen.getByText('₹14,658 paid of ₹36,645 · ₹21,987 left to pay')).toBeInTheDocument();
    const receipt = within(screen.getByTestId('receipts')).getByRole('link', { name: 'Receipt RCT/2026-27/0001' });
    expect(receipt).toHaveAttribute('href', `${TRIP_URL}/receipts/pay1.pdf`);
  });

  it('checks the UTR before sending it, keeps it on a refusal, and shows the claim once sent', async () => {
    let claims = 0;
    const fetch = stubFetch(
      on('GET', TRIP_URL, answer(trip(payments()))),
      on('POST', `${TRIP_URL}/instalments/inst1/claim`, () => {
        claims += 1;
        return claims === 1
          ? { status: 409, body: { message: PAYMENT_MESSAGES.duplicateReference } }
          : {
              body: {
                message: PAYMENT_MESSAGES.claimReceived,
                instalment: instalment({ status: 'claimed', upiUri: null }),
              },
            };
      }),
    );
    renderTrip();
    const advance = await cardOf('Advance');
    const utr = within(advance).getByLabelText('UPI reference (UTR)');
    const send = within(advance).getByRole('button', { name: 'Send the reference' });

    // Eleven digits: said at once, nothing sent.
    await userEvent.type(utr, '4132 4442 779');
    await userEvent.click(send);
    expect(within(advance).getByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.utrInvalid);
    expect(utr).toHaveFocus();
    expect(callsTo(fetch, `${TRIP_URL}/instalments/inst1/claim`)).toHaveLength(0);

    // Twelve, with the app's spaces: sent as digits; the server's refusal is said and the typing stays.
    await userEvent.type(utr, '9');
    await userEvent.click(send);
    expect(await within(advance).findByText(PAYMENT_MESSAGES.duplicateReference)).toBeInTheDocument();
    expect(utr).toHaveValue('4132 4442 7799');
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/claim'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ utr: '413244427799' });

    await userEvent.click(send);
    expect(await within(advance).findByText(PAYMENT_MESSAGES.claimReceived)).toBeInTheDocument();
    expect(within(advance).getByText('Payment reported')).toHaveAttribute('data-status', 'claimed');
    expect(within(advance).queryByLabelText('UPI reference (UTR)')).not.toBeInTheDocument();
    expect(within(advance).queryByTestId('upi-qr')).not.toBeInTheDocument();
    // The balance is still to pay.
    expect(within(await cardOf('Balance')).getByLabelText('UPI reference (UTR)')).toBeInTheDocument();
  });

  it('shows a field error the server gives beside the field', async () => {
    stubFetch(
      on('GET', TRIP_URL, answer(trip(payments()))),
      on('POST', `${TRIP_URL}/instalments/inst1/claim`, () => ({
        status: 400,
        body: { message: 'Please check the form', errors: { utr: PAYMENT_MESSAGES.utrInvalid } },
      })),
    );
    renderTrip();
    const advance = await cardOf('Advance');
    await userEvent.type(within(advance).getByLabelText('UPI reference (UTR)'), '413244427799');
    await userEvent.click(within(advance).getByRole('button', { name: 'Send the reference' }));
    expect(await within(advance).findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.utrInvalid);
    expect(within(advance).getByLabelText('UPI reference (UTR)')).toHaveValue('413244427799');
  });

  it('shows the bank details without a UPI id, and the phone without a bank', async () => {
    const noUpi = (bank: TripPayments['payTo']['bank']) =>
      payments({
        instalments: [instalment({ upiUri: null }), { ...balance, upiUri: null }],
        payTo: { upiId: null, bank, phone: '+91 98765 00000' },
      });
    stubFetch(
      on(
        'GET',
        TRIP_URL,
        answer(
          trip(
            noUpi({
              name: 'HDFC Bank',
              accountName: 'Safarnama Travels',
              account: '50200012345678',
              ifsc: 'HDFC0001234',
              branch: null,
            }),
          ),
        ),
      ),
    );
    const { unmount } = renderTrip();
    const advance = await cardOf('Advance');
    expect(within(advance).getByText('Please quote Q-20261201-3F9A2C-1 with your payment.')).toBeInTheDocument();
    expect(within(advance).queryByTestId('upi-qr')).not.toBeInTheDocument();
    expect(within(advance).queryByLabelText('UPI reference (UTR)')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pay by bank transfer' })).toBeInTheDocument();
    expect(screen.getByText('50200012345678')).toBeInTheDocument();
    expect(screen.getByText('HDFC0001234')).toBeInTheDocument();
    expect(screen.queryByText('Branch')).not.toBeInTheDocument();
    unmount();

    invalidateResources('');
    stubFetch(on('GET', TRIP_URL, answer(trip(noUpi(null)))));
    renderTrip();
    expect(
      await screen.findByText('To pay, please call or WhatsApp us on +91 98765 00000.', {}, LAZY),
    ).toBeInTheDocument();
  });

  it('works the same on the signed-in route: the claim and the receipts go through the inquiry, with the login', async () => {
    localStorage.setItem('token', fakeToken('Customer'));
    const receipt = {
      _id: 'pay1',
      number: 'RCT/2026-27/0001',
      amount: 5000,
      mode: 'cash' as const,
      receivedAt: '2026-12-02T11:00:00.000Z',
      reversed: true,
    };
    const fetch = stubFetch(
      on('GET', '/api/inquiries/i1/trip', answer(trip(payments({ receipts: [receipt] })))),
      on('POST', '/api/inquiries/i1/trip/instalments/inst1/claim', () => ({
        body: { message: PAYMENT_MESSAGES.claimReceived, instalment: instalment({ status: 'claimed', upiUri: null }) },
      })),
    );
    renderAt(
      '/inquiries/view/i1/trip',
      <Switch>
        <Route path="/inquiries/view/:id/trip">
          <CustomerTripPage />
        </Route>
      </Switch>,
    );
    const advance = await cardOf('Advance');
    await userEvent.type(within(advance).getByLabelText('UPI reference (UTR)'), '413244427799');
    await userEvent.click(within(advance).getByRole('button', { name: 'Send the reference' }));
    expect(await within(advance).findByText(PAYMENT_MESSAGES.claimReceived)).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/claim'))!;
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer /);
    // A reversed payment's receipt stays, marked; its PDF needs the login, so it is a download, not a link.
    const receipts = screen.getByTestId('receipts');
    expect(within(receipts).getByText(/Reversed$/)).toBeInTheDocument();
    expect(within(receipts).getByRole('button', { name: 'Receipt RCT/2026-27/0001' })).toBeInTheDocument();
  });

  it('shows the back office the payments without the claim form', async () => {
    localStorage.setItem('token', fakeToken('Staff'));
    stubFetch(on('GET', '/api/inquiries/i1/trip', answer(trip(payments()))));
    renderAt(
      '/inquiries/view/i1/trip',
      <Switch>
        <Route path="/inquiries/view/:id/trip">
          <CustomerTripPage />
        </Route>
      </Switch>,
    );
    const advance = await cardOf('Advance');
    expect(await within(advance).findByTestId('upi-qr', {}, LAZY)).toBeInTheDocument();
    expect(within(advance).queryByLabelText('UPI reference (UTR)')).not.toBeInTheDocument();
  });
});
