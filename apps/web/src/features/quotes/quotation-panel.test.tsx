import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Quote, QuoteVersion } from '@safarnama/contract/quotes';
import { formatRupees } from '@safarnama/contract/common-rules';
import { quoteTotals } from '@safarnama/contract/quotes-rules';
import { inquiry } from '../../test/fixtures';
import { fakeToken, renderAt } from '../../test/render';
import { callsTo, on, stubFetch, withQuery, type Route } from '../../test/query';
import QuotationPanel from './quotation-panel';

const version = (overrides: Partial<QuoteVersion> = {}): QuoteVersion => ({
  _id: 'v1',
  number: 1,
  status: 'draft',
  days: [
    { title: 'Arrive in Goa', text: 'Check in, beach at dusk.' },
    { title: 'North Goa forts', text: '' },
    { title: 'Spice farm', text: 'Lunch at the farm.' },
  ],
  lines: [
    {
      kind: 'hotel',
      description: 'Beach resort, 4 nights',
      supplierId: null,
      quantity: 4,
      unitCost: 4000,
      unitPrice: 5200,
      markupPercent: null,
      cost: 16000,
      price: 20800,
    },
  ],
  totals: {
    cost: 16000,
    price: 20800,
    margin: 4800,
    gstPercent: 0,
    gst: 0,
    total: 20800,
    travellers: 3,
    perTraveller: 6933.33,
  },
  validUntil: '2099-03-12',
  notes: '',
  inclusions: ['Breakfast'],
  exclusions: ['Flights'],
  createdAt: '2025-03-05T10:00:00.000Z',
  updatedAt: '2025-03-05T10:00:00.000Z',
  sentAt: null,
  sentBy: null,
  acceptedAt: null,
  acceptedName: null,
  acceptedIp: null,
  acceptedUserAgent: null,
  views: 0,
  lastViewedAt: null,
  ...overrides,
});

const quoteWith = (versions: QuoteVersion[], tripLink: Quote['tripLink'] = null): Quote => ({
  _id: 'q1',
  inquiryId: 'i1',
  createdAt: '2025-03-05T10:00:00.000Z',
  versions,
  tripLink,
});

afterEach(() => vi.unstubAllGlobals());

/** The PUT bodies the panel sent, parsed. */
const putBodies = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls
    .filter(
      ([input, init]) => init?.method === 'PUT' && new URL(String(input), 'http://x').pathname === '/api/quotes/q1',
    )
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

function renderPanel(quote: Quote | null, ...routes: Route[]) {
  localStorage.setItem('token', fakeToken('Staff'));
  const fetchMock = stubFetch(
    ...routes,
    on('GET', '/api/inquiries/i1/quotes', () => ({ body: quote ? [quote] : [] })),
    // A save answers the quotation as it was (the builder keeps what is typed, whatever the answer).
    on('PUT', '/api/quotes/q1', () => ({ body: quote })),
  );
  renderAt(
    '/inquiries/edit/i1',
    withQuery(<QuotationPanel inquiry={inquiry({ package: { id: 'p1', title: 'Goa Getaway' } })} />),
  );
  return fetchMock;
}

/** Waits for the version's heading: the panel has loaded the quotation. */
const opened = (name: string) => screen.findByRole('heading', { name }, { timeout: 10_000 });
const line = (n: number) => screen.getByRole('group', { name: `Line ${n}` });
const totals = () => screen.getByLabelText('Totals');
const totalOf = (label: string | RegExp) =>
  within(totals())
    .getAllByRole('definition')
    .find((dd) => (typeof label === 'string' ? dd.dataset.total === label : label.test(dd.dataset.total ?? '')))!;
const dayTitles = () =>
  screen
    .getAllByRole('group', { name: /^Day \d+$/ })
    .map((g) => (within(g).getByLabelText('Title') as HTMLInputElement).value);

// Generous timeouts: the builder types into many fields, on a machine shared with other work.
describe('the quotation builder', { timeout: 30_000 }, () => {
  it('offers to start a quotation and shows draft 1 the server prefilled', async () => {
    const user = userEvent.setup();
    let started = false;
    renderPanel(
      null,
      on('POST', '/api/inquiries/i1/quotes', () => {
        started = true;
        return { status: 201, body: quoteWith([version()]) };
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Start quotation' }, { timeout: 10_000 }));
    expect(started).toBe(true);
    await opened('Version 1');
    expect(dayTitles()).toEqual(['Arrive in Goa', 'North Goa forts', 'Spice farm']);
    expect(screen.getByLabelText('Inclusions')).toHaveValue('Breakfast');
  });

  it('updates the totals as quantity, unit cost and markup change, as quoteTotals computes them', async () => {
    const user = userEvent.setup();
    renderPanel(quoteWith([version()]));
    await opened('Version 1');
    expect(totalOf('Total')).toHaveTextContent('₹20,800');
    expect(totalOf(/^Per traveller/)).toHaveTextContent('₹6,933.33');

    const expected = (
      quantity: number,
      unitCostPaise: number,
      pricing: { unitPricePaise?: number; markupPercent?: number },
    ) => quoteTotals([{ kind: 'hotel', quantity, unitCostPaise, ...pricing }], 3, 0);

    await user.clear(within(line(1)).getByLabelText('Quantity'));
    await user.type(within(line(1)).getByLabelText('Quantity'), '5');
    let t = expected(5, 400_000, { unitPricePaise: 520_000 });
    expect(totalOf('Total')).toHaveTextContent(formatRupees(t.totalPaise / 100));
    expect(totalOf('Cost')).toHaveTextContent(formatRupees(t.costPaise / 100));
    expect(within(line(1)).getByText('₹26,000')).toBeInTheDocument();

    await user.clear(within(line(1)).getByLabelText('Unit cost (₹)'));
    await user.type(within(line(1)).getByLabelText('Unit cost (₹)'), '4,333.33');
    await user.selectOptions(within(line(1)).getByLabelText('Priced by'), 'markup');
    await user.type(within(line(1)).getByLabelText('Markup (%)'), '12.5');
    t = expected(5, 433_333, { markupPercent: 12.5 });
    expect(totalOf('Price')).toHaveTextContent(formatRupees(t.pricePaise / 100));
    expect(totalOf('Margin')).toHaveTextContent(formatRupees(t.marginPaise / 100));
    expect(totalOf('Total')).toHaveTextContent(formatRupees(t.totalPaise / 100));
    expect(totalOf(/^Per traveller \(3 travellers\)$/)).toHaveTextContent(formatRupees(t.perTravellerPaise / 100));
    expect(totalOf('GST (0%)')).toHaveTextContent('₹0');
    // A marked-up unit price is rounded to the paisa once, where it arises: 4,333.33 × 1.125 = 4,874.99625.
    expect(within(line(1)).getByText('₹4,875 a unit')).toBeInTheDocument();
  });

  it('moves days up and down, keeps focus on the moved day, and saves them in the new order', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPanel(quoteWith([version()]));
    await opened('Version 1');
    expect(screen.getByRole('button', { name: 'Move day 1 up' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move day 3 up' }));
    expect(dayTitles()).toEqual(['Arrive in Goa', 'Spice farm', 'North Goa forts']);
    // The same day's button, now day 2's.
    expect(screen.getByRole('button', { name: 'Move day 2 up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(dayTitles()).toEqual(['Spice farm', 'Arrive in Goa', 'North Goa forts']);
    // At the top, its Move up is disabled: focus goes to its Move down.
    expect(screen.getByRole('button', { name: 'Move day 1 down' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove day 3' }));
    expect(dayTitles()).toEqual(['Spice farm', 'Arrive in Goa']);

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(putBodies(fetchMock)).toHaveLength(1));
    expect((putBodies(fetchMock)[0]!.days as { title: string }[]).map((d) => d.title)).toEqual([
      'Spice farm',
      'Arrive in Goa',
    ]);
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('saves by itself after a pause, and says so', async () => {
    const user = userEvent.setup();
    const fetchMock = renderPanel(quoteWith([version()]));
    await opened('Version 1');
    await user.type(screen.getByLabelText('Notes for the customer'), 'Sea-view rooms');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(await screen.findByText('Saved', undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(putBodies(fetchMock)).toHaveLength(1);
    expect(putBodies(fetchMock)[0]).toMatchObject({
      notes: 'Sea-view rooms',
      inclusions: ['Breakfast'],
      lines: [{ kind: 'hotel', quantity: '4', unitCost: '4000', unitPrice: '5200', markupPercent: null }],
    });
  });

  it("shows the server's messages beside their fields and keeps what was typed when a save fails", async () => {
    const user = userEvent.setup();
    renderPanel(
      quoteWith([version()]),
      on('PUT', '/api/quotes/q1', () => ({
        status: 400,
        body: {
          message: 'Valid until cannot be in the past',
          errors: { validUntil: 'Valid until cannot be in the past', 'lines.0.unitCost': 'Unit cost is too large' },
        },
      })),
    );
    await opened('Version 1');
    await user.type(within(line(1)).getByLabelText('Description'), ' (sea view)');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Not saved: correct the fields marked below.')).toBeInTheDocument();
    expect(screen.getByLabelText('Valid until')).toHaveAccessibleDescription(
      expect.stringContaining('Valid until cannot be in the past'),
    );
    expect(within(line(1)).getByLabelText('Unit cost (₹)')).toHaveAccessibleDescription('Unit cost is too large');
    expect(within(line(1)).getByLabelText('Description')).toHaveValue('Beach resort, 4 nights (sea view)');
    // Kept in the tab too: a reload brings it back.
    expect(JSON.stringify(Object.values(sessionStorage))).toContain('(sea view)');
  });

  it("refuses a line without a description with the contract's message, before asking the server", async () => {
    const user = userEvent.setup();
    const fetchMock = renderPanel(quoteWith([version()]));
    await opened('Version 1');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    // A line nothing was typed in holds nothing to save.
    expect(within(line(2)).getByLabelText('Description')).toHaveFocus();
    await user.type(within(line(2)).getByLabelText('Unit cost (₹)'), '900');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await within(line(2)).findByText('Description is required')).toBeInTheDocument();
    expect(putBodies(fetchMock)).toHaveLength(0);
    // Typing in the field clears its message until the next save.
    await user.type(within(line(2)).getByLabelText('Description'), 'Airport cab');
    expect(within(line(2)).queryByText('Description is required')).not.toBeInTheDocument();
  });

  it('shows a sent version read-only, and Edit starts the next version', async () => {
    const user = userEvent.setup();
    const sent = version({ status: 'sent', sentAt: '2025-03-06T10:00:00.000Z' });
    const next = version({ _id: 'v2', number: 2 });
    const link = {
      createdAt: '2025-03-06T10:00:00.000Z',
      rotatedAt: null,
      views: 3,
      lastViewedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    };
    let edited: unknown;
    renderPanel(
      quoteWith([sent], link),
      on('PUT', '/api/quotes/q1', (_url, init) => {
        edited = JSON.parse(String(init!.body));
        return { body: quoteWith([next, { ...sent, status: 'sent' }], link) };
      }),
    );
    expect(await screen.findByText('Viewed 3 times, last 2 hours ago', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
    expect(screen.getByText('Day 1: Arrive in Goa')).toBeInTheDocument();
    const versions = screen.getByRole('region', { name: 'Versions' });
    expect(
      within(versions).getByRole('button', { name: 'Version 1, Sent, Sent 6 Mar 2025, ₹20,800' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit — starts version 2' }));
    expect(edited).toEqual({});
    await opened('Version 2');
    expect(dayTitles()).toHaveLength(3);
  });

  it('says an accepted quotation can no longer change, with who accepted it, from where', async () => {
    renderPanel(
      quoteWith([
        version({
          status: 'accepted',
          sentAt: '2025-03-06T10:00:00.000Z',
          acceptedAt: '2025-03-07T05:30:00.000Z',
          acceptedName: 'Asha Verma',
          acceptedIp: '203.0.113.7',
          acceptedUserAgent: 'Mozilla/5.0 (Android 14)',
        }),
      ]),
    );
    expect(
      await screen.findByText(
        'The customer accepted this quotation: it can no longer change.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Accepted by Asha Verma on 7 Mar 2025/)).toBeInTheDocument();
    expect(screen.getByText('From 203.0.113.7, Mozilla/5.0 (Android 14)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('sends the draft, then offers the trip link to copy and to send on WhatsApp', async () => {
    const user = userEvent.setup();
    const url = 'https://agency.example/trip/abc123';
    const fetchMock = renderPanel(
      quoteWith([version()]),
      on('POST', '/api/quotes/q1/send', () => ({ body: { url, message: 'Quotation sent' } })),
    );
    await opened('Version 1');
    await user.type(screen.getByLabelText('Notes for the customer'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send to customer' }));
    const share = await screen.findByTestId('trip-link-share');
    // Saved before it was sent.
    expect(putBodies(fetchMock)).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/quotes/q1/send')).toHaveLength(1);
    expect(within(share).getByText('Quotation sent')).toBeInTheDocument();
    expect(within(share).getByLabelText('Trip link')).toHaveValue(url);
    expect(within(share).getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
      'href',
      `https://wa.me/919876543210?text=${encodeURIComponent(
        `Hello Asha Verma, here is your trip quotation from Safarnama: ${url} You can see the itinerary and prices, accept it or ask us for changes there.`,
      )}`,
    );
  });

  it('makes a new trip link only after a confirmation that says the old one stops', async () => {
    const user = userEvent.setup();
    const url = 'https://agency.example/trip/new456';
    const link = { createdAt: '2025-03-06T10:00:00.000Z', rotatedAt: null, views: 0, lastViewedAt: null };
    const fetchMock = renderPanel(
      quoteWith([version({ status: 'sent', sentAt: '2025-03-06T10:00:00.000Z' })], link),
      on('POST', '/api/inquiries/i1/trip-link', () => ({
        body: { url, message: 'A new trip link is ready. The old one no longer works.' },
      })),
    );
    expect(await screen.findByText('Not viewed', {}, { timeout: 10_000 })).toBeInTheDocument();
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    await user.click(screen.getByRole('button', { name: 'New trip link' }));
    expect(confirm).toHaveBeenCalledWith(expect.stringMatching(/current link stops working/));
    expect(callsTo(fetchMock, '/api/inquiries/i1/trip-link')).toHaveLength(0);
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'New trip link' }));
    const share = await screen.findByTestId('trip-link-share');
    expect(within(share).getByLabelText('Trip link')).toHaveValue(url);
    expect(within(share).getByText('A new trip link is ready. The old one no longer works.')).toBeInTheDocument();
    fireEvent.click(within(share).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('trip-link-share')).not.toBeInTheDocument();
  });
});
