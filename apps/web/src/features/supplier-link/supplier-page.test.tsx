import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import type { SupplierRequest } from '@safarnama/contract/suppliers';
import { BOOKING_MESSAGES, SUPPLIER_PAGE_TEXT } from '@safarnama/contract/suppliers-rules';
import { invalidateResources } from '../../lib/use-resource';
import { fakeToken, renderAt } from '../../test/render';
import { on, stubFetch } from '../../test/query';
import SupplierPage from './supplier-page';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const URL_ = `/api/supplier-links/${TOKEN}`;

const req = (overrides: Partial<SupplierRequest> = {}): SupplierRequest => ({
  agency: { name: 'Safarnama', phone: '+91 98765 00000' },
  addressedTo: 'Snow Valley Resort',
  travellerName: 'Meera Pillai',
  adults: 2,
  kids: 1,
  travelDate: '2027-05-10',
  tourDuration: '3N/4D',
  lines: [{ kind: 'hotel', description: 'Deluxe room, 3 nights', quantity: 2 }],
  status: 'requested',
  confirmationNumber: null,
  ...overrides,
});

const renderPage = () =>
  renderAt(
    `/supplier/${TOKEN}`,
    <Switch>
      <Route path="/supplier/:token">
        <SupplierPage />
      </Route>
    </Switch>,
  );
const bodiesOf = (mock: ReturnType<typeof stubFetch>) =>
  mock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

beforeEach(() => invalidateResources(''));
afterEach(() => vi.unstubAllGlobals());

describe('the supplier page', { timeout: 20_000 }, () => {
  it('shows the request without a login token and confirms it with a number', async () => {
    localStorage.setItem('token', fakeToken('Staff'));
    const fetch = stubFetch(
      on('POST', URL_, () => ({
        body: {
          message: BOOKING_MESSAGES.confirmed,
          request: req({ status: 'confirmed', confirmationNumber: 'SV-77' }),
        },
      })),
      on('GET', URL_, () => ({ body: req() })),
    );
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Booking request from Safarnama' }),
    ).toBeInTheDocument();
    expect(screen.getByText('For Snow Valley Resort')).toBeInTheDocument();
    expect(screen.getByText('Meera Pillai')).toBeInTheDocument();
    expect(screen.getByText('2 adults, 1 kid')).toBeInTheDocument();
    expect(screen.getByText('10 May 2027')).toBeInTheDocument();
    expect(screen.getByText('Deluxe room, 3 nights × 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Questions? Call Safarnama' })).toHaveAttribute(
      'href',
      'tel:+919876500000',
    );
    const [, init] = fetch.mock.calls[0]!;
    expect((init?.headers as Record<string, string>).Authorization).toBeUndefined();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm booking' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(BOOKING_MESSAGES.confirmationRequired)).toBeInTheDocument();
    expect(bodiesOf(fetch)).toEqual([]);
    await userEvent.type(screen.getByLabelText(/Your confirmation number/), 'SV-77');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(SUPPLIER_PAGE_TEXT.confirmedTitle)).toBeInTheDocument();
    expect(screen.getByText('Confirmation no. SV-77')).toBeInTheDocument();
    expect(screen.getByText(BOOKING_MESSAGES.confirmed)).toBeInTheDocument();
    expect(bodiesOf(fetch)).toEqual([{ action: 'confirm', confirmationNumber: 'SV-77' }]);
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('declines with a reason, and can go back without sending', async () => {
    const fetch = stubFetch(
      on('POST', URL_, () => ({ body: { message: BOOKING_MESSAGES.declined, request: req({ status: 'declined' }) } })),
      on('GET', URL_, () => ({ body: req() })),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send decline' }));
    expect(await screen.findByText(BOOKING_MESSAGES.reasonRequired)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Why you cannot take it/), 'Full that week');
    await userEvent.click(screen.getByRole('button', { name: 'Send decline' }));
    expect(await screen.findByText(SUPPLIER_PAGE_TEXT.declinedTitle)).toBeInTheDocument();
    expect(screen.getByText(BOOKING_MESSAGES.declined)).toBeInTheDocument();
    expect(bodiesOf(fetch)).toEqual([{ action: 'decline', reason: 'Full that week' }]);
  });

  it('says a used link was answered and offers no answer', async () => {
    stubFetch(on('GET', URL_, () => ({ body: req({ status: 'confirmed', confirmationNumber: 'SV-1' }) })));
    renderPage();
    expect(await screen.findByText(SUPPLIER_PAGE_TEXT.answeredAlready)).toBeInTheDocument();
    expect(screen.getByText('Confirmation no. SV-1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).not.toBeInTheDocument();
  });

  it('shows what the server has when the request was answered meanwhile (409)', async () => {
    let answered = false;
    stubFetch(
      on('POST', URL_, () => {
        answered = true;
        return { status: 409, body: { message: BOOKING_MESSAGES.alreadyAnswered } };
      }),
      on('GET', URL_, () => ({ body: answered ? req({ status: 'confirmed', confirmationNumber: 'PH-3' }) : req() })),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm booking' }));
    await userEvent.type(screen.getByLabelText(/Your confirmation number/), 'X');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Confirmation no. PH-3')).toBeInTheDocument();
    expect(screen.getByText(SUPPLIER_PAGE_TEXT.answeredAlready)).toBeInTheDocument();
  });

  it.each([
    [404, BOOKING_MESSAGES.linkNotFound, SUPPLIER_PAGE_TEXT.wrongTitle],
    [410, BOOKING_MESSAGES.linkExpired, SUPPLIER_PAGE_TEXT.expiredTitle],
  ])('says a link answered %i is not usable', async (status, message, title) => {
    stubFetch(on('GET', URL_, () => ({ status, body: { message } })));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain(title));
    expect(screen.queryByRole('button', { name: 'Confirm booking' })).not.toBeInTheDocument();
  });
});
