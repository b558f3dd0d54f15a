import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { inquiry } from '../../test/fixtures';
import { fakeToken, renderAt } from '../../test/render';
import { on, stubFetch, withQuery } from '../../test/query';
import ViewInquiryPage from './view-inquiry-page';

const stored = inquiry({ tpc: 60000, advance: 24000, pendingAmount: 36000, totalRevenue: 60000, profit: 22000 });
/** What the API answers a Customer (D24): no agency costs, revenue or profit. */
const { totalRevenue: _r, hotelCost: _h, cabCost: _c, profit: _p, ...customerView } = stored;

afterEach(() => vi.unstubAllGlobals());

/** GET /api/inquiries/i1/trip (D30): the trip page's data, with a sent version 2. */
const tripAnswer = {
  agency: { name: 'Safarnama', phone: '', email: '', whatsapp: '', social: {} },
  trip: {
    customerName: 'Asha Verma',
    destination: 'Goa',
    travelDate: null,
    tourDuration: '',
    adults: 2,
    kids: 0,
    handlerName: null,
  },
  current: {
    number: 2,
    status: 'sent',
    days: [],
    lines: [],
    totals: { price: 58000, gstPercent: 0, gst: 0, total: 58000, travellers: 2, perTraveller: 29000 },
    validUntil: '2026-12-08',
    notes: '',
    inclusions: [],
    exclusions: [],
    sentAt: null,
    acceptedAt: null,
    acceptedName: null,
  },
  earlier: [],
  terms: { advancePercent: 40, balanceHoursBefore: 24, text: [] },
};

function renderPage(role: 'Owner' | 'Staff' | 'Customer', trip: object | null = null) {
  localStorage.setItem('token', fakeToken(role));
  stubFetch(
    on('GET', '/api/inquiries/i1/events', () => ({ body: [] })),
    on('GET', '/api/inquiries/i1/trip', () => (trip ? { body: trip } : { status: 404, body: { message: 'x' } })),
    on('GET', '/api/inquiries/i1', () => ({ body: role === 'Customer' ? customerView : stored })),
  );
  return renderAt(
    '/inquiries/view/i1',
    withQuery(
      <Switch>
        <Route path="/inquiries/view/:id">
          <ViewInquiryPage />
        </Route>
      </Switch>,
    ),
  );
}

describe('/inquiries/view/{id}', () => {
  it("gives Staff a WhatsApp chat with the customer on their number, a call, and the agency's money", async () => {
    renderPage('Staff');
    const chat = await screen.findByRole('link', { name: 'Chat with Asha Verma on WhatsApp at +91 98765 43210' });
    expect(chat).toHaveTextContent('+91 98765 43210');
    expect(chat).toHaveAttribute(
      'href',
      `https://wa.me/919876543210?text=${encodeURIComponent('Hello Asha Verma, this is Safarnama about your trip inquiry for Goa.')}`,
    );
    expect(screen.getByRole('link', { name: 'Call Asha Verma' })).toHaveAttribute('href', 'tel:+919876543210');
    expect(screen.getByText('Profit')).toBeInTheDocument();
  });

  it('shows a Customer their own number as text and what is left to pay, not the margins', async () => {
    renderPage('Customer');
    expect(await screen.findByText('+91 98765 43210')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Call / })).not.toBeInTheDocument();
    expect(screen.getByText('Pending amount')).toBeInTheDocument();
    expect(screen.queryByText('Profit')).not.toBeInTheDocument();
  });

  it('shows a Customer their sent quotation with the way to its trip page, and nothing before one is sent', async () => {
    const { unmount } = renderPage('Customer', tripAnswer);
    const card = await screen.findByRole('region', { name: 'Your quotation' });
    expect(card).toHaveTextContent('Version 2 · ₹58,000 · Valid until 8 Dec 2026');
    expect(screen.getByRole('link', { name: /Read and answer/ })).toHaveAttribute('href', '/inquiries/view/i1/trip');
    unmount();
    renderPage('Customer', { ...tripAnswer, current: null });
    expect(await screen.findByText('+91 98765 43210')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your quotation' })).not.toBeInTheDocument();
  });
});
