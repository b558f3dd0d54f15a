import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import type { Trip } from '@safarnama/contract/quotes';
import { invalidateResources } from '../../lib/use-resource';
import { fakeToken, renderAt } from '../../test/render';
import { on, stubFetch } from '../../test/query';
import CustomerTripPage from './customer-trip-page';

const trip: Trip = {
  agency: { name: 'Safarnama', phone: '+91 98765 00000', email: '', whatsapp: '', social: {} },
  trip: {
    customerName: 'Meera Pillai',
    destination: 'Udaipur',
    travelDate: null,
    tourDuration: '3N/4D',
    adults: 2,
    kids: 1,
    handlerName: null,
  },
  current: {
    number: 1,
    status: 'sent',
    days: [],
    lines: [{ kind: 'hotel', description: 'Lake Palace Inn', quantity: 3, unitPrice: 7450, price: 22350 }],
    totals: { price: 22350, gstPercent: 0, gst: 0, total: 22350, travellers: 3, perTraveller: 7450 },
    validUntil: '2026-12-08',
    notes: '',
    inclusions: [],
    exclusions: [],
    sentAt: '2026-12-01T06:00:00.000Z',
    acceptedAt: null,
    acceptedName: null,
  },
  earlier: [],
  terms: { advancePercent: 40, balanceHoursBefore: 24, text: ['Advance 40%'] },
};

const renderAs = (role: 'Customer' | 'Staff') => {
  localStorage.setItem('token', fakeToken(role));
  const fetch = stubFetch(on('GET', '/api/inquiries/i1/trip', () => ({ body: trip })));
  renderAt(
    '/inquiries/view/i1/trip',
    <Switch>
      <Route path="/inquiries/view/:id/trip">
        <CustomerTripPage />
      </Route>
    </Switch>,
  );
  return fetch;
};

beforeEach(() => invalidateResources(''));
afterEach(() => vi.unstubAllGlobals());

describe('the trip page through the inquiry', () => {
  it("shows the signed-in Customer their inquiry's trip, read with their login, with their answer", async () => {
    const fetch = renderAs('Customer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Udaipur' })).toBeInTheDocument();
    expect(screen.getByText('2 adults, 1 kid')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your answer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the inquiry/ })).toHaveAttribute('href', '/inquiries/view/i1');
    const [, init] = fetch.mock.calls[0]!;
    expect((init?.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
  });

  it('shows the back office what the customer sees, without answering for them', async () => {
    renderAs('Staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Udaipur' })).toBeInTheDocument();
    expect(screen.getByText(/This is what the customer sees/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your answer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept or ask for changes' })).not.toBeInTheDocument();
  });
});
