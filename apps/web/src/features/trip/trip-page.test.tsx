import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import type { Trip, TripVersion } from '@safarnama/contract/quotes';
import { invalidateResources } from '../../lib/use-resource';
import { renderAt } from '../../test/render';
import { callsTo, on, stubFetch } from '../../test/query';
import TripPage from './trip-page';
import { preloadLazyParts } from './components/lazy-parts';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const TRIP_URL = `/api/trips/${TOKEN}`;

const version = (overrides: Partial<TripVersion> = {}): TripVersion => ({
  number: 2,
  status: 'sent',
  days: [
    { title: 'Day 1: Arrive in Udaipur', text: 'Boat ride on Lake Pichola at sunset.' },
    { title: 'Day 2: City Palace', text: '' },
  ],
  lines: [
    { kind: 'hotel', description: 'Lake Palace Inn, 3 nights', quantity: 3, unitPrice: 7450, price: 22350 },
    { kind: 'cab', description: 'Sedan, sightseeing', quantity: 1, unitPrice: 10695, price: 10695 },
    { kind: 'activity', description: 'Cooking class', quantity: 2, unitPrice: 1800, price: 3600 },
  ],
  totals: { price: 36645, gstPercent: 0, gst: 0, total: 36645, travellers: 2, perTraveller: 18322.5 },
  validUntil: '2026-12-08',
  notes: 'Window seats asked for',
  inclusions: ['Breakfast daily', 'Airport pick-up'],
  exclusions: ['Flights'],
  sentAt: '2026-12-01T06:00:00.000Z',
  acceptedAt: null,
  acceptedName: null,
  ...overrides,
});

const earlier = version({
  number: 1,
  status: 'superseded',
  lines: [
    { kind: 'hotel', description: 'Lake Palace Inn, 3 nights', quantity: 3, unitPrice: 6900, price: 20700 },
    { kind: 'cab', description: 'Sedan, sightseeing', quantity: 1, unitPrice: 10695, price: 10695 },
    { kind: 'other', description: 'Guide for a day', quantity: 1, unitPrice: 2500, price: 2500 },
  ],
  totals: { price: 33895, gstPercent: 0, gst: 0, total: 33895, travellers: 2, perTraveller: 16947.5 },
  inclusions: ['Breakfast daily'],
  notes: '',
  sentAt: '2026-11-28T06:00:00.000Z',
});

const trip = (overrides: Partial<Trip> = {}): Trip => ({
  agency: {
    name: 'Safarnama',
    phone: '+91 98765 00000',
    email: 'desk@safarnama.example',
    whatsapp: '919876500000',
    social: {},
  },
  trip: {
    customerName: 'Meera Pillai',
    destination: 'Udaipur',
    travelDate: '2027-01-12',
    tourDuration: '3N/4D',
    adults: 2,
    kids: 0,
    handlerName: 'Priya Nair',
  },
  current: version(),
  earlier: [earlier],
  terms: {
    advancePercent: 40,
    balanceHoursBefore: 24,
    text: [
      'A booking is confirmed once we receive an advance of 40% of the total.',
      'The balance is due at least 24 hours before the start of the trip.',
    ],
  },
  ...overrides,
});

/** The answer forms and the comparison load on first use (lazy chunks). */
const LAZY = { timeout: 5_000 };

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

// The answer forms and the comparison are lazy chunks: transformed once here, not inside a test's time.
beforeAll(() => preloadLazyParts(), 30_000);
beforeEach(() => invalidateResources(''));
afterEach(() => vi.unstubAllGlobals());

// Each test walks a customer's steps; a shared, busy machine makes that slow.
/** Opens the accept form, types the name, accepts version 2 and confirms. */
async function acceptVersion2As(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
  await userEvent.type(await screen.findByLabelText(/Your full name/, {}, LAZY), name);
  await userEvent.click(screen.getByRole('button', { name: 'Accept version 2' }));
  await userEvent.click(screen.getByRole('button', { name: 'Yes, accept' }));
}

describe('the trip page', { timeout: 20_000 }, () => {
  it('shows the agency, the trip, the current version with its lines, totals, validity and terms', async () => {
    const fetch = stubFetch(on('GET', TRIP_URL, answer(trip())));
    renderTrip();
    expect(await screen.findByRole('heading', { level: 1, name: 'Udaipur' })).toBeInTheDocument();
    expect(screen.getByText('Prepared for Meera Pillai by Safarnama')).toBeInTheDocument();
    expect(screen.getByText('2 adults')).toBeInTheDocument();
    expect(screen.getByText('From 12 Jan 2027')).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('₹36,645')).toBeInTheDocument();
    expect(within(summary).getByText(/₹18,322.50 per traveller · 2 travellers/)).toBeInTheDocument();
    expect(within(summary).getByText('Valid until 8 Dec 2026')).toBeInTheDocument();
    // The lines: description, quantity, price; then the total and the share per traveller.
    const table = screen.getByRole('table', { name: 'What is included, with prices' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Lake Palace Inn, 3 nights₹7,450 each3₹22,350');
    expect(within(table).getByRole('rowheader', { name: 'Total' }).nextSibling).toHaveTextContent('₹36,645');
    expect(within(table).queryByRole('rowheader', { name: /GST/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Day 1: Arrive in Udaipur' })).toBeInTheDocument();
    expect(screen.getByText('Window seats asked for')).toBeInTheDocument();
    expect(screen.getByText('Airport pick-up')).toBeInTheDocument();
    expect(screen.getByText(/advance of 40% of the total/)).toBeInTheDocument();
    expect(screen.getByText('Your travel expert: Priya Nair')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'WhatsApp us' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/wa\.me\/919876500000\?text=/),
    );
    expect(screen.getByRole('link', { name: 'Call +91 98765 00000' })).toHaveAttribute('href', 'tel:+919876500000');
    // The link's call sends no login token, even for a signed-in visitor.
    const [, init] = fetch.mock.calls[0]!;
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('shows GST when the version carries it', async () => {
    const withGst = version({
      totals: { price: 36645, gstPercent: 5, gst: 1832.25, total: 38477.25, travellers: 2, perTraveller: 19238.63 },
    });
    stubFetch(on('GET', TRIP_URL, answer(trip({ current: withGst }))));
    renderTrip();
    const table = await screen.findByRole('table', { name: 'What is included, with prices' });
    expect(within(table).getByRole('rowheader', { name: 'GST 5%' }).nextSibling).toHaveTextContent('₹1,832.25');
    expect(within(table).getByRole('rowheader', { name: 'Total' }).nextSibling).toHaveTextContent('₹38,477.25');
  });

  it("lists the customer's invoice and credit note with their PDFs by the link's token (D32)", async () => {
    stubFetch(
      on(
        'GET',
        TRIP_URL,
        answer(
          trip({
            invoices: [
              {
                kind: 'invoice',
                id: 'inv1',
                number: 'INV/2026-27/0007',
                title: 'Tax invoice',
                issuedAt: '2026-12-02T06:00:00.000Z',
                total: 38477.25,
              },
              {
                kind: 'creditNote',
                id: 'cn1',
                number: 'CN/2026-27/0002',
                title: 'Credit note',
                issuedAt: '2026-12-03T06:00:00.000Z',
                total: 500,
              },
            ],
          }),
        ),
      ),
    );
    renderTrip();
    const papers = await screen.findByRole('region', { name: 'Your invoices' }, LAZY);
    expect(papers).toHaveTextContent('Tax invoice INV/2026-27/0007 · 2 Dec 2026 · ₹38,477.25');
    const links = within(papers).getAllByRole('link', { name: 'PDF' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      `/api/trips/${TOKEN}/invoices/inv1.pdf`,
      `/api/trips/${TOKEN}/credit-notes/cn1.pdf`,
    ]);
  });

  it('lists what is booked with confirmation numbers, the vouchers by the token and the 24/7 number (issue 53)', async () => {
    stubFetch(
      on(
        'GET',
        TRIP_URL,
        answer(
          trip({
            current: version({ status: 'accepted', acceptedName: 'Meera Pillai', acceptedAt: '2026-12-02T06:00:00Z' }),
            emergencyPhone: '+91 99999 24247',
            bookings: [
              {
                _id: 'b1',
                kind: 'hotel',
                name: 'Lake Palace Inn',
                city: 'Udaipur',
                lines: [{ description: 'Deluxe room, 3 nights', quantity: 3 }],
                confirmationNumber: 'LPI-4411',
                voucher: 'voucher-hotel-LPI-4411.pdf',
              },
              {
                _id: 'b2',
                kind: 'guide',
                name: 'Old City Walks',
                city: 'Udaipur',
                lines: [{ description: 'Heritage walk', quantity: 1 }],
                confirmationNumber: 'OCW-9',
                voucher: null,
              },
            ],
          }),
        ),
      ),
    );
    renderTrip();
    const booked = await screen.findByRole('region', { name: 'What is booked' }, LAZY);
    const hotel = within(booked).getByRole('listitem', { name: 'Lake Palace Inn' });
    expect(hotel).toHaveTextContent('Deluxe room, 3 nights × 3');
    expect(hotel).toHaveTextContent('Confirmation number: LPI-4411');
    expect(within(hotel).getByRole('link', { name: 'Voucher (PDF)' })).toHaveAttribute(
      'href',
      `/api/trips/${TOKEN}/vouchers/b1.pdf`,
    );
    const guide = within(booked).getByRole('listitem', { name: 'Old City Walks' });
    expect(guide).toHaveTextContent('Confirmation number: OCW-9');
    expect(within(guide).queryByRole('link', { name: 'Voucher (PDF)' })).not.toBeInTheDocument();
    expect(within(booked).getByRole('link', { name: '24/7 help: call +91 99999 24247' })).toHaveAttribute(
      'href',
      'tel:+919999924247',
    );
  });

  it('compares the current version with an earlier one: lines added, removed, repriced and the total', async () => {
    stubFetch(on('GET', TRIP_URL, answer(trip())));
    renderTrip();
    await userEvent.click(await screen.findByRole('button', { name: 'Compare with version 1' }));
    const comparison = await screen.findByRole('region', { name: 'Version 2 compared with version 1' }, LAZY);
    expect(within(comparison).getByText('(+₹2,750)')).toBeInTheDocument();
    const added = within(comparison).getByRole('heading', { name: 'Added' }).nextElementSibling as HTMLElement;
    expect(added).toHaveTextContent('Cooking class (2 × ₹1,800)₹3,600');
    const removed = within(comparison).getByRole('heading', { name: 'Removed' }).nextElementSibling as HTMLElement;
    expect(removed).toHaveTextContent('Guide for a day');
    const changed = within(comparison).getByRole('heading', { name: 'Price changed' })
      .nextElementSibling as HTMLElement;
    expect(changed).toHaveTextContent('Lake Palace Inn, 3 nights');
    expect(changed).toHaveTextContent('₹20,700 → ₹22,350');
    // The unchanged cab line is in none of them (only in version 1 read in full, below).
    for (const group of [added, removed, changed]) expect(group).not.toHaveTextContent('Sedan');
    expect(within(comparison).getByText('Airport pick-up')).toBeInTheDocument();
    await userEvent.click(within(comparison).getByRole('button', { name: 'Close the comparison' }));
    expect(screen.queryByRole('region', { name: /compared with/ })).not.toBeInTheDocument();
  });

  it('accepts with the typed name only, after a confirmation, and then says who accepted and when', async () => {
    const accepted = version({
      status: 'accepted',
      acceptedName: 'Meera Pillai',
      acceptedAt: '2026-12-03T10:35:00.000Z',
    });
    const fetch = stubFetch(
      on('GET', TRIP_URL, answer(trip())),
      on('POST', `${TRIP_URL}/accept`, () => ({
        body: {
          message: 'Thank you! Your quotation is accepted. The advance confirms the booking: see Payments below.',
          version: accepted,
        },
      })),
    );
    renderTrip();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Accept version 2' }, LAZY));
    // A name is required: nothing is sent without one.
    expect(await screen.findByText('Please type your name to accept the quotation')).toBeInTheDocument();
    expect(screen.getByLabelText(/Your full name/)).toHaveFocus();
    expect(callsTo(fetch, `${TRIP_URL}/accept`)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText(/Your full name/), 'Meera Pillai');
    await userEvent.click(screen.getByRole('button', { name: 'Accept version 2' }));
    expect(screen.getByText('Accept version 2 for ₹36,645 as Meera Pillai?')).toBeInTheDocument();
    expect(callsTo(fetch, `${TRIP_URL}/accept`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, accept' }));
    expect(await screen.findByText('Accepted by Meera Pillai on 3 Dec 2026, 4:05 pm')).toBeInTheDocument();
    expect(screen.getByText(/Your quotation is accepted/)).toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([url]) => String(url).endsWith('/accept'))!;
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Meera Pillai', version: 2 });
    // Nothing left to answer.
    expect(screen.queryByRole('heading', { name: 'Your answer' })).not.toBeInTheDocument();
  });

  it('says a newer version was sent (409) in the server’s words, and shows the newest on request', async () => {
    let reads = 0;
    const newest = version({ number: 3 });
    stubFetch(
      on('GET', TRIP_URL, () => ({
        body: ++reads === 1 ? trip() : trip({ current: newest, earlier: [version(), earlier] }),
      })),
      on('POST', `${TRIP_URL}/accept`, () => ({
        status: 409,
        body: { message: 'This quotation has been replaced by a newer version. Please review the latest version.' },
      })),
    );
    renderTrip();
    await acceptVersion2As('Meera');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This quotation has been replaced by a newer version.');
    expect(alert).toHaveTextContent('Please read the newest version before you accept.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Show the newest version' }));
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(summary).toHaveTextContent('Version 3');
  });

  it('says an expired quotation (410) has expired and what to do, in the server’s words', async () => {
    stubFetch(
      on('GET', TRIP_URL, answer(trip())),
      on('POST', `${TRIP_URL}/accept`, () => ({
        status: 410,
        body: { message: 'This quotation has expired. Please ask us for an updated quotation.' },
      })),
    );
    renderTrip();
    await acceptVersion2As('Meera');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This quotation has expired. Please ask us for an updated quotation.');
    expect(alert).toHaveTextContent(/Ask us for an updated quotation with “Ask for changes” below/);
  });

  it('shows an expired version as expired, without Accept, and offers to ask for changes', async () => {
    stubFetch(on('GET', TRIP_URL, answer(trip({ current: version({ status: 'expired' }) }))));
    renderTrip();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByRole('alert')).toHaveTextContent('This quotation has expired (Valid until 8 Dec 2026)');
    const respond = screen.getByRole('region', { name: 'Your answer' });
    expect(within(respond).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(respond).getByRole('button', { name: 'Ask for changes' })).toBeInTheDocument();
  });

  it('keeps the change request typed when sending fails, and confirms it once sent', async () => {
    let fail = true;
    const fetch = stubFetch(
      on('GET', TRIP_URL, answer(trip())),
      on('POST', `${TRIP_URL}/changes`, () =>
        fail
          ? { status: 500, body: { message: 'Something went wrong on our side' } }
          : {
              body: {
                message: 'Thank you! We have your message and will send you an updated quotation.',
                version: null,
              },
            },
      ),
    );
    renderTrip();
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for changes' }));
    const box = await screen.findByLabelText(/What would you like to change/, {}, LAZY);
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please tell us what you would like to change')).toBeInTheDocument();
    expect(callsTo(fetch, `${TRIP_URL}/changes`)).toHaveLength(0);
    await userEvent.click(box);
    await userEvent.paste('Could we add a day in Mount Abu?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Something went wrong on our side')).toBeInTheDocument();
    expect(box).toHaveValue('Could we add a day in Mount Abu?');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText('Thank you! We have your message and will send you an updated quotation.'),
    ).toBeInTheDocument();
    const sent = fetch.mock.calls.filter(([url]) => String(url).endsWith('/changes')).at(-1)!;
    expect(JSON.parse(String(sent[1]?.body))).toEqual({ message: 'Could we add a day in Mount Abu?' });
  });

  it('keeps an unsent change request over a reload of the page', async () => {
    stubFetch(on('GET', TRIP_URL, answer(trip())));
    const { unmount } = renderTrip();
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for changes' }));
    await userEvent.type(await screen.findByLabelText(/What would you like to change/, {}, LAZY), 'A sea view, please');
    unmount();
    renderTrip();
    await userEvent.click(await screen.findByRole('button', { name: 'Ask for changes' }));
    expect(await screen.findByLabelText(/What would you like to change/, {}, LAZY)).toHaveValue('A sea view, please');
  });

  it('says a link that no longer works does not, and how to get a new one', async () => {
    stubFetch(
      on('GET', TRIP_URL, () => ({
        status: 404,
        body: { message: 'This trip link is not valid. Please ask us for a new one.' },
      })),
    );
    renderTrip();
    expect(await screen.findByRole('heading', { name: 'This link does not work any more' })).toBeInTheDocument();
    expect(screen.getByText('This trip link is not valid. Please ask us for a new one.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('This link does not work any more | Safarnama'));
  });

  it('says the quotation is on its way before one is sent', async () => {
    stubFetch(on('GET', TRIP_URL, answer(trip({ current: null, earlier: [] }))));
    renderTrip();
    expect(await screen.findByRole('heading', { name: 'Your quotation is on its way' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your answer' })).not.toBeInTheDocument();
  });
});
