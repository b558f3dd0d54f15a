// D33 in the quotation builder: a line's supplier chosen by typing its name, the last rate with that supplier
// filling the unit cost of a new line, the supplier's name shown for a line that already names one, and the
// server's supplier error beside the field.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Quote, QuoteVersion } from '@safarnama/contract/quotes';
import { SUPPLIER_MESSAGES, type Supplier } from '@safarnama/contract/suppliers';
import { QUOTE_MESSAGES } from '@safarnama/contract/quotes-rules';
import { formatRupees, formatShortDate } from '@safarnama/contract/common-rules';
import { inquiry } from '../../test/fixtures';
import { fakeToken, renderAt } from '../../test/render';
import { callsTo, on, stubFetch, withQuery, type Route } from '../../test/query';
import QuotationPanel from './quotation-panel';

const snowValley: Supplier = {
  _id: 's1',
  kind: 'hotel',
  name: 'Snow Valley Resort',
  city: 'Manali',
  contactPerson: 'Rakesh',
  address: '',
  phone: '+91 98160 12345',
  email: '',
  notes: '',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const snowView: Supplier = { ...snowValley, _id: 's2', name: 'Snow View Cottages' };
const SENT_AT = '2026-11-20T06:30:00.000Z';

const line = (overrides: Partial<QuoteVersion['lines'][number]> = {}): QuoteVersion['lines'][number] => ({
  kind: 'hotel',
  description: 'Beach resort, 4 nights',
  supplierId: null,
  quantity: 4,
  unitCost: 4000,
  unitPrice: 5200,
  markupPercent: null,
  cost: 16000,
  price: 20800,
  ...overrides,
});

const quoteWith = (lines: QuoteVersion['lines']): Quote => ({
  _id: 'q1',
  inquiryId: 'i1',
  createdAt: '2025-03-05T10:00:00.000Z',
  tripLink: null,
  versions: [
    {
      _id: 'v1',
      number: 1,
      status: 'draft',
      days: [],
      lines,
      totals: { cost: 0, price: 0, margin: 0, gstPercent: 0, gst: 0, total: 0, travellers: 2, perTraveller: 0 },
      validUntil: '2099-03-12',
      notes: '',
      inclusions: [],
      exclusions: [],
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
    },
  ],
});

afterEach(() => vi.unstubAllGlobals());

function renderPanel(quote: Quote, ...routes: Route[]) {
  localStorage.setItem('token', fakeToken('Staff'));
  const mock = stubFetch(
    ...routes,
    on('GET', '/api/inquiries/i1/quotes', () => ({ body: [quote] })),
    on('GET', '/api/suppliers', (url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return { body: [snowValley, snowView].filter((s) => s.name.toLowerCase().includes(q)) };
    }),
    on('GET', '/api/suppliers/s1', () => ({ body: snowValley })),
    on('GET', '/api/suppliers/s1/last-rate', (url) => ({
      body:
        url.searchParams.get('kind') === 'hotel'
          ? { unitCost: 4100, description: 'Snow Valley Resort, 3 nights', sentAt: SENT_AT }
          : { unitCost: null, description: null, sentAt: null },
    })),
    on('PUT', '/api/quotes/q1', () => ({ body: quote })),
  );
  renderAt('/inquiries/edit/i1', withQuery(<QuotationPanel inquiry={inquiry()} />));
  return mock;
}

const lineGroup = (n: number) => screen.getByRole('group', { name: `Line ${n}` });
const supplierInput = (n: number) => within(lineGroup(n)).getByLabelText(SUPPLIER_MESSAGES.field);
const putBodies = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls
    .filter(([input, init]) => init?.method === 'PUT' && String(input).includes('/api/quotes/q1'))
    .map(([, init]) => JSON.parse(String(init!.body)) as { lines: { supplierId: string | null; unitCost: string }[] });

describe("the line editor's supplier field", { timeout: 30_000 }, () => {
  it('offers matching suppliers as one types, and choosing one fills a new line with its last rate', async () => {
    const user = userEvent.setup();
    const mock = renderPanel(quoteWith([line()]));
    await screen.findByRole('heading', { name: 'Version 1' }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await user.type(within(lineGroup(2)).getByLabelText('Description'), 'Snow Valley, 3 nights');
    await user.type(supplierInput(2), 'snow');
    // The browser's suggestion list holds both matches, as "Name, City".
    const list = document.getElementById(supplierInput(2).getAttribute('list')!)!;
    await waitFor(() =>
      expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual([
        'Snow Valley Resort, Manali',
        'Snow View Cottages, Manali',
      ]),
    );
    // Picking one puts its label in the field, as the browser does.
    await user.clear(supplierInput(2));
    await user.type(supplierInput(2), 'Snow Valley Resort, Manali');
    await waitFor(() => expect(within(lineGroup(2)).getByLabelText('Unit cost (₹)')).toHaveValue('4100'));
    expect(
      within(lineGroup(2)).getByText(SUPPLIER_MESSAGES.lastRate(formatRupees(4100), formatShortDate(SENT_AT))),
    ).toBeInTheDocument();
    expect(callsTo(mock, '/api/suppliers/s1/last-rate')[0]!.searchParams.get('kind')).toBe('hotel');

    await user.type(within(lineGroup(2)).getByLabelText('Unit price (₹)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(putBodies(mock)).toHaveLength(1));
    expect(putBodies(mock)[0]!.lines.map((l) => [l.supplierId, l.unitCost])).toEqual([
      [null, '4000'],
      ['s1', '4100'],
    ]);
  });

  it('keeps a unit cost already typed, and clears the supplier when its name is cleared', async () => {
    const user = userEvent.setup();
    const mock = renderPanel(quoteWith([line()]));
    await screen.findByRole('heading', { name: 'Version 1' }, { timeout: 10_000 });
    await user.type(supplierInput(1), 'Snow Valley Resort');
    await waitFor(() => expect(callsTo(mock, '/api/suppliers/s1/last-rate')).toHaveLength(1));
    expect(await within(lineGroup(1)).findByText(/Last rate with this supplier/)).toBeInTheDocument();
    expect(within(lineGroup(1)).getByLabelText('Unit cost (₹)')).toHaveValue('4000');
    await user.clear(supplierInput(1));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(putBodies(mock)).toHaveLength(1));
    expect(putBodies(mock)[0]!.lines[0]!.supplierId).toBeNull();
  });

  it("shows the name of a line's supplier, and the server's refusal beside the field", async () => {
    const user = userEvent.setup();
    renderPanel(
      quoteWith([line({ supplierId: 's1' })]),
      on('PUT', '/api/quotes/q1', () => ({
        status: 400,
        body: {
          message: QUOTE_MESSAGES.supplierInvalid,
          errors: { 'lines.0.supplierId': QUOTE_MESSAGES.supplierInvalid },
        },
      })),
    );
    await screen.findByRole('heading', { name: 'Version 1' }, { timeout: 10_000 });
    await waitFor(() => expect(supplierInput(1)).toHaveValue('Snow Valley Resort, Manali'));
    await user.type(within(lineGroup(1)).getByLabelText('Description'), ' with breakfast');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await within(lineGroup(1)).findByText(QUOTE_MESSAGES.supplierInvalid)).toBeInTheDocument();
  });

  it('says so when no active supplier has the name typed', async () => {
    const user = userEvent.setup();
    renderPanel(quoteWith([line()]));
    await screen.findByRole('heading', { name: 'Version 1' }, { timeout: 10_000 });
    await user.type(supplierInput(1), 'Nowhere Inn');
    expect(await within(lineGroup(1)).findByText(SUPPLIER_MESSAGES.fieldNoMatch)).toBeInTheDocument();
  });
});
