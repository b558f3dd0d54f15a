import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { DRAFT_MESSAGES } from '@safarnama/contract/inquiries-rules';
import { inquiry } from '../../test/fixtures';
import { fakeToken, renderAt } from '../../test/render';
import { on, stubFetch, withQuery } from '../../test/query';
import EditInquiryPage, { handlerOptions } from './edit-inquiry-page';
import { toFormValues, toUpdateBody } from './components/inquiry-edit-form';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const stored = inquiry({
  staff: { id: 'gone', name: 'Former Staff', email: 'former@example.com' },
  noOfKids: 1,
  hotelType: null,
  status: 'new',
  totalRevenue: 60000,
  hotelCost: 30000,
  cabCost: 8000,
  advance: 24000,
  tpc: 60000,
  pendingAmount: 36000,
  profit: 22000,
});
// As GET /api/auth/handlers answers: the Owner first, then the active Staff by name.
const staff = [
  { _id: 'o1', name: 'Owner Name', email: 'owner@example.com', role: 'Owner' as const },
  { _id: 's1', name: 'Anita Rao', email: 'anita@example.com', role: 'Staff' as const },
  { _id: 's2', name: 'Ravi Kumar', email: 'ravi@example.com', role: 'Staff' as const },
];

afterEach(() => {
  vi.unstubAllGlobals();
  Object.values(notify).forEach((f) => f.mockReset());
});

function renderPage(role: 'Owner' | 'Staff' = 'Owner') {
  localStorage.setItem('token', fakeToken(role));
  return renderAt(
    '/inquiries/edit/i1',
    withQuery(
      <Switch>
        <Route path="/inquiries/edit/:inquiryId">
          <EditInquiryPage />
        </Route>
        <Route path="/all-inquiries">
          <h1>All Inquiries</h1>
        </Route>
      </Switch>,
    ),
  );
}

describe('handlerOptions', () => {
  it('labels the Owner, keeps the server order and adds a handler no longer listed last', () => {
    expect(handlerOptions(staff, stored.staff)).toEqual([
      { id: 'o1', label: 'Owner Name (Owner)' },
      { id: 's1', label: 'Anita Rao' },
      { id: 's2', label: 'Ravi Kumar' },
      { id: 'gone', label: 'Former Staff' },
    ]);
  });

  it('does not repeat a handler who is listed', () => {
    expect(handlerOptions(staff, { id: 'o1', name: 'Owner Name', email: 'o@x' }).map((o) => o.id)).toEqual([
      'o1',
      's1',
      's2',
    ]);
  });
});

describe('toUpdateBody', () => {
  it('sends the handler only when it changed, and blank money as 0', () => {
    const values = toFormValues(stored);
    expect(values.status).toBe('New');
    expect(toUpdateBody(values, stored)).not.toHaveProperty('staff');
    expect(toUpdateBody({ ...values, staffId: '' }, stored).staff).toBeNull();
    expect(toUpdateBody({ ...values, staffId: 's1', cabCost: '' }, stored)).toMatchObject({
      staff: { id: 's1' },
      cabCost: 0,
      hotelType: null,
    });
  });

  it('leaves the advance out once the payments make it (D31), even a typed one', () => {
    const values = { ...toFormValues(stored), advance: '999' };
    expect(toUpdateBody(values, stored).advance).toBe(999);
    expect(JSON.parse(JSON.stringify(toUpdateBody(values, stored, { advanceFromPayments: true })))).not.toHaveProperty(
      'advance',
    );
  });
});

describe('/inquiries/edit/{id}', () => {
  it('lets Staff assign the Owner too', async () => {
    stubFetch(
      on('GET', '/api/inquiries/i1/events', () => ({ body: [] })),
      on('GET', '/api/inquiries/i1', () => ({ body: { ...stored, staff: null } })),
      on('GET', '/api/auth/handlers', () => ({ body: staff })),
    );
    renderPage('Staff');
    const handler = await screen.findByLabelText('Handled by');
    expect(
      within(handler)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Unassigned', 'Owner Name (Owner)', 'Anita Rao', 'Ravi Kumar']);
  });

  it('offers a WhatsApp chat and a call to the customer while the number says its country, following the form', async () => {
    stubFetch(
      on('GET', '/api/inquiries/i1/events', () => ({ body: [] })),
      on('GET', '/api/inquiries/i1', () => ({ body: stored })),
      on('GET', '/api/auth/handlers', () => ({ body: staff })),
    );
    renderPage();
    const chat = await screen.findByRole('link', { name: 'Chat with Asha Verma on WhatsApp' });
    expect(chat).toHaveAttribute(
      'href',
      `https://wa.me/919876543210?text=${encodeURIComponent('Hello Asha Verma, this is Safarnama about your trip inquiry for Goa.')}`,
    );
    expect(screen.getByRole('link', { name: 'Call Asha Verma' })).toHaveAttribute('href', 'tel:+919876543210');
    const number = screen.getByLabelText('WhatsApp number');
    await userEvent.clear(number);
    await userEvent.type(number, '43210');
    expect(screen.queryByRole('link', { name: /^Chat with .* on WhatsApp/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Call / })).not.toBeInTheDocument();
    await userEvent.type(number, '{Backspace>5}+44 7700 900123');
    expect(screen.getByRole('link', { name: 'Chat with Asha Verma on WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/447700900123\?/,
    );
    expect(screen.getByRole('link', { name: 'Call Asha Verma' })).toHaveAttribute('href', 'tel:+447700900123');
  });

  // Issue 51: a WhatsApp link to the inquiry's page sent a customer without an account to a sign-in. The builder's
  // "Send to customer" offers WhatsApp with the trip link instead (quotation-panel.test.tsx).
  it('offers the quotation for download and no WhatsApp link to the sign-in page', async () => {
    stubFetch(
      on('GET', '/api/inquiries/i1/events', () => ({ body: [] })),
      on('GET', '/api/inquiries/i1', () => ({ body: stored })),
      on('GET', '/api/auth/handlers', () => ({ body: staff })),
    );
    renderPage();
    expect(await screen.findByRole('button', { name: 'Download quotation' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Send on WhatsApp' })).not.toBeInTheDocument();
    for (const link of screen.queryAllByRole('link')) {
      expect(link.getAttribute('href') ?? '').not.toContain(encodeURIComponent('/inquiries/view/'));
    }
  });

  it('edits status, handler and money, then returns to the list', async () => {
    const bodies: unknown[] = [];
    stubFetch(
      on('GET', '/api/inquiries/i1/events', () => ({ body: [] })),
      on('GET', '/api/inquiries/i1', () => ({ body: stored })),
      on('GET', '/api/auth/handlers', () => ({ body: staff })),
      on('PUT', '/api/inquiries/i1', (_u, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { body: { ...stored, status: 'Booked' } };
      }),
    );
    renderPage();
    const handler = await screen.findByLabelText('Handled by');
    expect(
      within(handler)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Unassigned', 'Owner Name (Owner)', 'Anita Rao', 'Ravi Kumar', 'Former Staff']);
    expect(handler).toHaveValue('gone');
    const status = screen.getByLabelText('Inquiry status');
    expect(within(status).getAllByRole('option')).toHaveLength(8);
    expect(status).toHaveValue('New');

    await userEvent.selectOptions(status, 'Booked');
    await userEvent.selectOptions(handler, 's2');
    const revenue = screen.getByLabelText(/Total revenue/);
    await userEvent.clear(revenue);
    await userEvent.type(revenue, '30000');
    expect(screen.getByTestId('profit')).toHaveTextContent('-₹8,000');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('heading', { name: 'All Inquiries' })).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Inquiry updated successfully!');
    expect(bodies[0]).toMatchObject({ status: 'Booked', staff: { id: 's2' }, totalRevenue: 30000, tpc: 60000 });
  });

  it("toasts 'Failed to update Inquiry' and shows the server's field errors", async () => {
    stubFetch(
      on('GET', '/api/inquiries/i1/events', () => ({ body: [] })),
      on('GET', '/api/inquiries/i1', () => ({ body: stored })),
      on('GET', '/api/auth/handlers', () => ({ body: staff })),
      on('PUT', '/api/inquiries/i1', () => ({
        status: 400,
        body: { message: 'Invalid', errors: { 'customer.email': 'A valid email is required' } },
      })),
    );
    renderPage();
    const email = await screen.findByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to update Inquiry'));
    expect(await screen.findByText('A valid email is required')).toBeInTheDocument();
  });

  it('sends an unknown id back to the list with the spec message', async () => {
    stubFetch(
      on('GET', '/api/inquiries/i1/events', () => ({ status: 404, body: { message: 'Inquiry not found' } })),
      on('GET', '/api/inquiries/i1', () => ({ status: 404, body: { message: 'Inquiry not found' } })),
      on('GET', '/api/auth/handlers', () => ({ body: staff })),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'All Inquiries' })).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Inquiry ID is invalid or failed to fetch data.', expect.anything());
  });

  it("says 'Failed to fetch inquiry or staff data.' when the staff list fails", async () => {
    stubFetch(
      on('GET', '/api/inquiries/i1/events', () => ({ body: [] })),
      on('GET', '/api/inquiries/i1', () => ({ body: stored })),
      on('GET', '/api/auth/handlers', () => ({ status: 500, body: { message: 'x' } })),
    );
    renderPage('Staff');
    expect(await screen.findByRole('heading', { name: 'All Inquiries' })).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Failed to fetch inquiry or staff data.', expect.anything());
  });

  describe('changes not yet saved', () => {
    const loads = (updatedAt: string) => [
      on('GET', '/api/inquiries/i1/events', () => ({ body: [] })),
      on('GET', '/api/inquiries/i1', () => ({ body: { ...stored, updatedAt } })),
      on('GET', '/api/auth/handlers', () => ({ body: staff })),
    ];

    it('are offered back after a session that ended before Save, and forgotten once saved', async () => {
      const at = stored.updatedAt ?? '';
      stubFetch(
        ...loads(at),
        on('PUT', '/api/inquiries/i1', () => ({ status: 401, body: { message: 'Your session has expired.' } })),
      );
      const first = renderPage();
      await userEvent.selectOptions(await screen.findByLabelText('Inquiry status'), 'Booked');
      const revenue = screen.getByLabelText(/Total revenue/);
      await userEvent.clear(revenue);
      await userEvent.type(revenue, '75000');
      await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalled());
      first.unmount();

      // Signed in again, the same inquiry: the changes are back, and Save sends them.
      const bodies: unknown[] = [];
      stubFetch(
        ...loads(at),
        on('PUT', '/api/inquiries/i1', (_u, init) => {
          bodies.push(JSON.parse(String(init?.body)));
          return { body: stored };
        }),
      );
      const second = renderPage();
      expect(await screen.findByText(DRAFT_MESSAGES.restored)).toBeInTheDocument();
      expect(screen.getByLabelText('Inquiry status')).toHaveValue('Booked');
      expect(screen.getByLabelText(/Total revenue/)).toHaveValue(75000);
      await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
      expect(await screen.findByRole('heading', { name: 'All Inquiries' })).toBeInTheDocument();
      expect(bodies[0]).toMatchObject({ status: 'Booked', totalRevenue: 75000 });
      second.unmount();

      renderPage();
      expect(await screen.findByLabelText('Inquiry status')).toHaveValue('New');
      expect(screen.queryByText(DRAFT_MESSAGES.restored)).not.toBeInTheDocument();
    });

    it('are forgotten at Cancel', async () => {
      stubFetch(...loads(stored.updatedAt ?? ''));
      const first = renderPage();
      await userEvent.type(await screen.findByLabelText('Drop city'), ' and Kochi');
      expect(sessionStorage.length).toBe(1);
      await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
      expect(await screen.findByRole('heading', { name: 'All Inquiries' })).toBeInTheDocument();
      expect(sessionStorage.length).toBe(0);
      first.unmount();
    });

    it('say so when the inquiry was saved by someone else since, and Discard shows it as stored', async () => {
      stubFetch(...loads('2026-11-01T10:00:00.000Z'));
      const first = renderPage();
      const place = await screen.findByLabelText('Destination');
      await userEvent.clear(place);
      await userEvent.type(place, 'Munnar');
      first.unmount();

      stubFetch(...loads('2026-11-02T09:30:00.000Z'));
      renderPage();
      expect(await screen.findByText(DRAFT_MESSAGES.restoredChanged)).toBeInTheDocument();
      expect(screen.getByLabelText('Destination')).toHaveValue('Munnar');
      await userEvent.click(screen.getByRole('button', { name: DRAFT_MESSAGES.discard }));
      expect(screen.getByLabelText('Destination')).toHaveValue(stored.location);
      expect(screen.queryByText(DRAFT_MESSAGES.restoredChanged)).not.toBeInTheDocument();
    });
  });
});
