// D32's panel for staff: the issue form prefilled with the inquiry's state, the invoices with their credit notes,
// and a credit note sent with its amount and reason; the server's field message shown under its field.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice } from '@safarnama/contract/payments';
import { inquiry } from '../../test/fixtures';
import { fakeToken, renderAt } from '../../test/render';
import { on, stubFetch, withQuery, type Route } from '../../test/query';
import InvoicePanel from './invoice-panel';

const invoice: Invoice = {
  _id: 'inv1',
  inquiryId: 'i1',
  number: 'INV/2026-27/0007',
  taxInvoice: true,
  issuedAt: '2026-12-02T06:00:00.000Z',
  issuedBy: 'Imran',
  version: 1,
  customerName: 'Asha Verma',
  placeOfSupply: '29',
  customerGstin: null,
  gstPercent: 5,
  stateTaxName: 'SGST',
  taxable: 65000,
  cgst: 0,
  sgst: 0,
  igst: 3250,
  total: 68250,
  credited: 500,
  remaining: 67750,
  creditNotes: [
    {
      _id: 'cn1',
      invoiceId: 'inv1',
      number: 'CN/2026-27/0002',
      issuedAt: '2026-12-02T07:00:00.000Z',
      reason: 'Late pick-up',
      taxable: 476.19,
      cgst: 0,
      sgst: 0,
      igst: 23.81,
      total: 500,
    },
  ],
};

afterEach(() => vi.unstubAllGlobals());

function renderPanel(list: Invoice[], ...routes: Route[]) {
  localStorage.setItem('token', fakeToken('Staff'));
  const fetchMock = stubFetch(
    ...routes,
    on('GET', '/api/inquiries/i1/invoices', () => ({ body: list })),
  );
  renderAt(
    '/inquiries/edit/i1',
    withQuery(<InvoicePanel inquiry={inquiry({ tpc: 68250, customerState: '29', status: 'Booking Pending' })} />),
  );
  return fetchMock;
}

const bodyOf = (mock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  mock.mock.calls
    .filter(([input, init]) => init?.method === method && new URL(String(input), 'http://x').pathname === path)
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);

describe('the invoice panel', { timeout: 20_000 }, () => {
  it("issues the invoice with the inquiry's state, and shows the server's field message", async () => {
    const user = userEvent.setup();
    let tries = 0;
    const mock = renderPanel(
      [],
      on('POST', '/api/inquiries/i1/invoices', () =>
        ++tries === 1
          ? { status: 400, body: { message: 'Bad GSTIN', errors: { customerGstin: 'Enter a valid GSTIN' } } }
          : { status: 201, body: invoice },
      ),
    );
    const state = await screen.findByLabelText("Customer's state (place of supply)");
    expect(state).toHaveValue('29');
    await user.type(screen.getByLabelText("Customer's GSTIN (if registered)"), '29AAAA');
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    expect(await screen.findByText('Enter a valid GSTIN')).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Customer's GSTIN (if registered)"));
    await user.type(screen.getByLabelText("Customer's address"), '12 MG Road{Enter}Bengaluru 560001 ');
    await user.click(screen.getByRole('button', { name: 'Issue invoice' }));
    await waitFor(() => expect(tries).toBe(2));
    expect(bodyOf(mock, 'POST', '/api/inquiries/i1/invoices')).toEqual([
      { customerState: '29', customerGstin: '29AAAA' },
      { customerState: '29', customerAddress: '12 MG Road\nBengaluru 560001' },
    ]);
  });

  it('lists the invoice and its credit note, and sends a credit note with its amount and reason', async () => {
    const user = userEvent.setup();
    const mock = renderPanel(
      [invoice],
      on('POST', '/api/invoices/inv1/credit-notes', () => ({ status: 201, body: invoice })),
    );
    expect(await screen.findByText(/INV\/2026-27\/0007/)).toBeInTheDocument();
    expect(screen.getByText(/IGST ₹3,250 · Karnataka \(29\)/)).toBeInTheDocument();
    expect(screen.getByText(/CN\/2026-27\/0002 .* Late pick-up/)).toBeInTheDocument();
    expect(screen.getByText('Not yet credited: ₹67,750')).toBeInTheDocument();
    // A live invoice: no second one to issue.
    expect(screen.queryByRole('button', { name: 'Issue invoice' })).toBeNull();
    await user.type(screen.getByLabelText('Credit (₹, GST included)'), '1,000');
    await user.type(screen.getByLabelText('Reason'), 'One night fewer');
    await user.click(screen.getByRole('button', { name: 'Issue credit note' }));
    await waitFor(() =>
      expect(bodyOf(mock, 'POST', '/api/invoices/inv1/credit-notes')).toEqual([
        { amount: 1000, reason: 'One night fewer' },
      ]),
    );
  });
});
