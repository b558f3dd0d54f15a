import { afterEach, describe, expect, it, vi } from 'vitest';
import { cloneElement, useState, type ReactElement } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QueryProvider, { queryClient } from '../../app/query-provider';
import { inquiry as inquiryFixture, tourPackage } from '../../test/fixtures';
import { fakeToken, renderAt } from '../../test/render';
import { callsTo, on, stubFetch, withQuery } from '../../test/query';
import type { DashboardInstalment } from '@safarnama/contract/payments';
import type { QuoteFollowUp } from '@safarnama/contract/quotes';
import OwnerDashboardPage from './owner-dashboard-page';
import StaffDashboardPage from './staff-dashboard-page';
import CustomerDashboardPage from './customer-dashboard-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const inquiry = inquiryFixture();

const stats = {
  totalPackages: 12,
  activeInquiries: 30,
  pendingInquiries: 7,
  inquiriesThisMonth: 5,
  latestInquiries: [inquiry],
};

const pkg = tourPackage({ images: [] });

/** The back office's quotations to follow up (issue 51), none. */
const noQuoteFollowUps = on('GET', '/api/dashboard/quote-follow-ups', () => ({ body: [] }));
/** The back office's payments due and overdue (D31), none. */
const noPaymentsDue = on('GET', '/api/dashboard/payments', () => ({
  body: { dueThisWeek: [], overdue: [], dueThisWeekTotal: 0, overdueTotal: 0 },
}));

const pages = {
  owner: { role: 'Owner', path: '/owner-dashboard', Page: OwnerDashboardPage, data: '/api/dashboard/stats' },
  staff: { role: 'Staff', path: '/staff-dashboard', Page: StaffDashboardPage, data: '/api/dashboard/stats' },
  customer: { role: 'Customer', path: '/customer-dashboard', Page: CustomerDashboardPage, data: '/api/inquiries' },
} as const;

/** Re-renders its children (a new element each time) on every click, as a parent's state change would. */
function Rerenderer({ children }: { children: ReactElement }) {
  const [count, setCount] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setCount((c) => c + 1)}>
        Re-render
      </button>
      <div data-renders={count}>{cloneElement(children)}</div>
    </>
  );
}

function renderDashboard(which: keyof typeof pages) {
  const { role, path, Page } = pages[which];
  localStorage.setItem('token', fakeToken(role));
  return renderAt(path, withQuery(<Page />));
}

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  Object.values(notify).forEach((f) => f.mockReset());
});

describe('dashboards: load errors (spec §8)', () => {
  it.each(Object.keys(pages) as (keyof typeof pages)[])(
    "%s: toasts 'Failed to fetch dashboard data' once and shows the server's message with Try Again",
    async (which) => {
      let fail = true;
      stubFetch(
        on('GET', pages[which].data, () =>
          fail
            ? { status: 503, body: { message: 'Database unavailable' } }
            : { body: which === 'customer' ? [] : stats },
        ),
        on('GET', '/api/packages', () => ({ body: [pkg] })),
        on('GET', '/api/inquiries', () => ({ body: [] })),
        noQuoteFollowUps,
        noPaymentsDue,
      );
      renderDashboard(which);
      expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
      expect(notify.error).toHaveBeenCalledTimes(1);
      expect(notify.error).toHaveBeenCalledWith('Failed to fetch dashboard data', expect.anything());

      fail = false;
      await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
      expect(notify.error).toHaveBeenCalledTimes(1);
    },
  );

  it.each(Object.keys(pages) as (keyof typeof pages)[])(
    "%s: shows 'Failed to fetch data' when the server gives no message",
    async (which) => {
      stubFetch(
        on('GET', pages[which].data, () => ({ status: 500 })),
        on('GET', '/api/packages', () => ({ body: [pkg] })),
        on('GET', '/api/inquiries', () => ({ body: [] })),
        noQuoteFollowUps,
        noPaymentsDue,
      );
      renderDashboard(which);
      expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch dataTry Again$/);
      expect(notify.error).toHaveBeenCalledWith('Failed to fetch dashboard data', expect.anything());
    },
  );

  it("owner: the packages list failing shows its own 'Failed to fetch data' and the same single toast", async () => {
    stubFetch(
      on('GET', '/api/dashboard/stats', () => ({ body: stats })),
      on('GET', '/api/packages', () => ({ status: 500, body: {} })),
    );
    renderDashboard('owner');
    const section = screen.getByRole('region', { name: 'Latest packages' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Failed to fetch data');
    // The stats still show.
    expect(screen.getByText('Total packages').nextSibling).toHaveTextContent('12');
    expect(notify.error).toHaveBeenCalledTimes(1);
  });
});

describe('dashboards: loading and loading once (spec §2)', () => {
  it('owner: shows loading states, then the figures, the latest inquiries and packages', async () => {
    stubFetch(
      on('GET', '/api/dashboard/stats', () => ({ body: stats })),
      on('GET', '/api/packages', () => ({ body: [pkg] })),
    );
    renderDashboard('owner');
    expect(screen.getByText('Loading inquiries…')).toBeInTheDocument();
    expect(screen.getByText('Loading packages…')).toBeInTheDocument();
    expect(screen.getByText('Total packages').nextSibling).toHaveTextContent('—');

    const table = await screen.findByRole('table');
    expect(within(table).getByText('Asha Verma')).toBeInTheDocument();
    expect(screen.queryByText('Loading inquiries…')).not.toBeInTheDocument();
    expect(await screen.findByText('Kerala Backwaters')).toBeInTheDocument();
    expect(screen.queryByText('Loading packages…')).not.toBeInTheDocument();
    expect(screen.getByText('Pending inquiries').nextSibling).toHaveTextContent('7');
  });

  it('staff: lists the ten newest packages with their price, days and a link to their details', async () => {
    const catalogue = Array.from({ length: 12 }, (_, i) =>
      tourPackage({ _id: `p${i}`, name: `Package ${i}`, price: 10000 + i, duration: 3, images: [] }),
    );
    stubFetch(
      on('GET', '/api/dashboard/stats', () => ({ body: stats })),
      on('GET', '/api/packages', () => ({ body: catalogue })),
    );
    renderDashboard('staff');
    const section = screen.getByRole('region', { name: 'Latest packages' });
    expect(within(section).getByText('Loading packages…')).toBeInTheDocument();
    expect(await within(section).findByText('Package 0')).toBeInTheDocument();
    expect(within(section).getAllByRole('listitem')).toHaveLength(10);
    expect(within(section).queryByText('Package 10')).not.toBeInTheDocument();
    expect(within(section).getByText('₹10,000 · 3 Days')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'View details of Package 0' })).toHaveAttribute(
      'href',
      '/packages/p0',
    );
    // Staff do not edit packages: no edit links, and the section leads to the catalogue.
    expect(within(section).queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'All packages' })).toHaveAttribute('href', '/packages');
  });

  it('owner: warns with a link when mails could not be delivered in the last 24 hours, and not otherwise', async () => {
    let failing = 2;
    stubFetch(
      on('GET', '/api/dashboard/stats', () => ({ body: stats })),
      on('GET', '/api/packages', () => ({ body: [pkg] })),
      on('GET', '/api/notifications/summary', () => ({ body: { failing } })),
    );
    const first = renderDashboard('owner');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('2 e-mails could not be delivered in the last 24 hours.');
    expect(within(alert).getByRole('link', { name: 'See notifications' })).toHaveAttribute('href', '/notifications');
    first.unmount();
    queryClient.clear();

    failing = 0;
    renderDashboard('owner');
    expect(await screen.findByText('Kerala Backwaters')).toBeInTheDocument();
    expect(screen.queryByText(/could not be delivered/)).not.toBeInTheDocument();
  });

  it('staff and customer: show a loading state first, then their inquiries', async () => {
    stubFetch(
      on('GET', '/api/dashboard/stats', () => ({ body: stats })),
      on('GET', '/api/packages', () => ({ body: [pkg] })),
    );
    const staff = renderDashboard('staff');
    expect(screen.getByText('Loading inquiries…')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Edit inquiry from Asha Verma' })).toHaveAttribute(
      'href',
      '/inquiries/edit/i1',
    );
    expect(screen.queryByText('Loading inquiries…')).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Customer',
      'Destination',
      'Staff',
      'Status',
      'Created',
      'Updated',
      'Open',
    ]);
    // On a phone only the first column and the link show; the rest, the status too, is folded under the first.
    const [customerCell, , , statusCell] = screen.getAllByRole('cell');
    expect(screen.getByText('Goa · Unassigned')).toHaveClass('sm:hidden');
    expect(within(customerCell!).getByText('New').parentElement).toHaveClass('sm:hidden');
    expect(statusCell).toHaveClass('hidden', 'sm:table-cell');
    expect(within(statusCell!).getByText('New')).toBeInTheDocument();
    staff.unmount();

    stubFetch(on('GET', '/api/inquiries', () => ({ body: [inquiry], headers: { 'X-Total-Count': '1' } })));
    renderDashboard('customer');
    expect(screen.getByText('Loading your inquiries…')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View inquiry to Goa' })).toHaveAttribute(
      'href',
      '/inquiries/view/i1',
    );
    expect(screen.queryByText('Loading your inquiries…')).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Destination',
      'Budget',
      'Status',
      'Created',
      'Updated',
      'Open',
    ]);
    expect(screen.getByText('₹50,000 · updated 5 Mar 2025')).toHaveClass('sm:hidden');
  });

  it.each(Object.keys(pages) as (keyof typeof pages)[])(
    '%s: with the app query client, loads its data once despite re-renders and the window regaining focus',
    async (which) => {
      const { role, path, Page } = pages[which];
      const fetchMock = stubFetch(
        on('GET', '/api/dashboard/stats', () => ({ body: stats })),
        on('GET', '/api/packages', () => ({ body: [pkg] })),
        on('GET', '/api/inquiries', () => ({ body: [inquiry], headers: { 'X-Total-Count': '1' } })),
        on('GET', '/api/notifications/summary', () => ({ body: { failing: 0 } })),
        noQuoteFollowUps,
        noPaymentsDue,
      );
      localStorage.setItem('token', fakeToken(role));
      renderAt(
        path,
        <QueryProvider>
          <Rerenderer>
            <Page />
          </Rerenderer>
        </QueryProvider>,
      );
      expect(await screen.findByText('Goa')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Re-render' }));
      await userEvent.click(screen.getByRole('button', { name: 'Re-render' }));
      await act(async () => {
        window.dispatchEvent(new Event('visibilitychange'));
        window.dispatchEvent(new Event('focus'));
        await new Promise((r) => setTimeout(r, 50));
      });
      expect(callsTo(fetchMock, pages[which].data)).toHaveLength(1);
      if (which !== 'customer') expect(callsTo(fetchMock, '/api/packages')).toHaveLength(1);
      if (which === 'owner') expect(callsTo(fetchMock, '/api/notifications/summary')).toHaveLength(1);
      // The back office also loads its follow-ups (overdue, today) and the new, unassigned inquiries (D26), once each,
      // and the quotations waiting on customers (issue 51).
      if (which !== 'customer') expect(callsTo(fetchMock, '/api/inquiries')).toHaveLength(3);
      if (which !== 'customer') expect(callsTo(fetchMock, '/api/dashboard/quote-follow-ups')).toHaveLength(1);
      // And the payments due and overdue (D31).
      if (which !== 'customer') expect(callsTo(fetchMock, '/api/dashboard/payments')).toHaveLength(1);
      expect(fetchMock).toHaveBeenCalledTimes(which === 'owner' ? 8 : which === 'staff' ? 7 : 1);
    },
  );
});

describe("dashboards: the staff's day (D26)", () => {
  it.each(['owner', 'staff'] as const)(
    '%s: lists my overdue follow-ups in red before today’s, and the new unassigned inquiries oldest first',
    async (which) => {
      const late = inquiryFixture({
        _id: 'a',
        customer: { ...inquiry.customer, name: 'Late Lata' },
        followUpAt: '2030-01-01T05:00:00.000Z',
      });
      const later = inquiryFixture({
        _id: 'b',
        customer: { ...inquiry.customer, name: 'Later Lalit' },
        followUpAt: '2030-01-01T09:00:00.000Z',
      });
      const today = inquiryFixture({
        _id: 'c',
        customer: { ...inquiry.customer, name: 'Today Tara' },
        followUpAt: '2030-01-02T09:00:00.000Z',
      });
      const fresh = inquiryFixture({ _id: 'd', customer: { ...inquiry.customer, name: 'Fresh Farah' } });
      const fetchMock = stubFetch(
        on('GET', '/api/dashboard/stats', () => ({ body: stats })),
        on('GET', '/api/packages', () => ({ body: [pkg] })),
        on('GET', '/api/notifications/summary', () => ({ body: { failing: 0 } })),
        on('GET', '/api/inquiries', (url) => {
          const q = url.searchParams;
          if (q.get('followUp') === 'overdue') return { body: [later, late] };
          if (q.get('followUp') === 'today') return { body: [today] };
          return { body: [fresh], headers: { 'X-Total-Count': '1' } };
        }),
      );
      renderDashboard(which);
      const mine = await screen.findByRole('list', { name: 'My follow-ups' });
      const rows = within(mine).getAllByRole('listitem');
      expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
        'Late Lata',
        'Later Lalit',
        'Today Tara',
      ]);
      expect(within(rows[0]!).getByText(/^Overdue:/)).toHaveClass('text-red-700');
      expect(within(rows[2]!).queryByText(/^Overdue:/)).not.toBeInTheDocument();
      const fresh_ = await screen.findByRole('list', { name: 'New and unassigned' });
      expect(within(fresh_).getByRole('link', { name: 'Fresh Farah' })).toHaveAttribute('href', '/inquiries/edit/d');
      const queries = callsTo(fetchMock, '/api/inquiries').map((u) => Object.fromEntries(u.searchParams));
      expect(queries).toContainEqual(expect.objectContaining({ assignedTo: 'me', followUp: 'overdue' }));
      expect(queries).toContainEqual(expect.objectContaining({ assignedTo: 'me', followUp: 'today' }));
      expect(queries).toContainEqual(
        expect.objectContaining({ assignedTo: 'unassigned', status: 'New', sort: 'createdAt', order: 'asc' }),
      );
    },
  );
});

describe('dashboards: quotations to follow up (issue 51)', () => {
  const HOUR = 3_600_000;
  it.each(['owner', 'staff'] as const)(
    '%s: says why each quotation is waiting and links to its inquiry',
    async (which) => {
      const now = Date.now();
      const followUps: QuoteFollowUp[] = [
        {
          inquiryId: 'q-tomorrow',
          customerName: 'Nisha Rao',
          destination: 'Coorg',
          version: 1,
          sentAt: new Date(now - 5 * HOUR).toISOString(),
          validUntil: '2031-03-12',
          notViewed: false,
          expiresTomorrow: true,
        },
        {
          inquiryId: 'q-unseen',
          customerName: 'Dev Menon',
          destination: 'Spiti',
          version: 2,
          sentAt: new Date(now - 3 * 24 * HOUR - HOUR).toISOString(),
          validUntil: '2031-03-20',
          notViewed: true,
          expiresTomorrow: false,
        },
      ];
      const fetchMock = stubFetch(
        on('GET', '/api/dashboard/stats', () => ({ body: stats })),
        on('GET', '/api/packages', () => ({ body: [pkg] })),
        on('GET', '/api/notifications/summary', () => ({ body: { failing: 0 } })),
        on('GET', '/api/inquiries', () => ({ body: [] })),
        on('GET', '/api/dashboard/quote-follow-ups', () => ({ body: followUps })),
      );
      renderDashboard(which);
      const section = screen.getByRole('region', { name: 'Quotations to follow up' });
      expect(within(section).getByText('Loading quotations…')).toBeInTheDocument();
      const list = await within(section).findByRole('list', { name: 'Quotations to follow up' });
      const rows = within(list).getAllByRole('listitem');
      expect(rows.map((r) => r.textContent)).toEqual([
        'Nisha Rao · CoorgQuotation v1 expires tomorrow',
        'Dev Menon · SpitiQuotation v2 sent 3 days ago, not viewed',
      ]);
      expect(within(rows[0]!).getByRole('link', { name: 'Nisha Rao' })).toHaveAttribute(
        'href',
        '/inquiries/edit/q-tomorrow',
      );
      expect(within(rows[1]!).getByRole('link', { name: 'Dev Menon' })).toHaveAttribute(
        'href',
        '/inquiries/edit/q-unseen',
      );
      expect(within(rows[0]!).getByText('Quotation v1 expires tomorrow')).toHaveClass('text-amber-800');
      expect(callsTo(fetchMock, '/api/dashboard/quote-follow-ups')).toHaveLength(1);
    },
  );

  it('shows ten and how many more, says so when there is none, and offers Try Again after an error', async () => {
    const many = Array.from({ length: 13 }, (_, i) => ({
      inquiryId: `q${i}`,
      customerName: `Customer ${i}`,
      destination: 'Goa',
      version: 1,
      sentAt: new Date(Date.now() - 50 * HOUR).toISOString(),
      validUntil: '2031-03-20',
      notViewed: true,
      expiresTomorrow: false,
    }));
    let answer: { status?: number; body: unknown } = { body: many };
    stubFetch(
      on('GET', '/api/dashboard/stats', () => ({ body: stats })),
      on('GET', '/api/packages', () => ({ body: [pkg] })),
      on('GET', '/api/inquiries', () => ({ body: [] })),
      on('GET', '/api/dashboard/quote-follow-ups', () => answer),
    );
    const first = renderDashboard('staff');
    const list = await screen.findByRole('list', { name: 'Quotations to follow up' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('And 3 more, less urgent.')).toBeInTheDocument();
    first.unmount();
    queryClient.clear();

    answer = { body: [] };
    const second = renderDashboard('staff');
    const section = screen.getByRole('region', { name: 'Quotations to follow up' });
    expect(await within(section).findByText('No quotation is waiting on a customer.')).toBeInTheDocument();
    second.unmount();
    queryClient.clear();

    answer = { status: 503, body: { message: 'Database unavailable' } };
    renderDashboard('staff');
    const failed = screen.getByRole('region', { name: 'Quotations to follow up' });
    expect(await within(failed).findByRole('alert')).toHaveTextContent('Database unavailable');
    answer = { body: many.slice(0, 1) };
    await userEvent.click(within(failed).getByRole('button', { name: 'Try Again' }));
    expect(await within(failed).findByRole('link', { name: 'Customer 0' })).toBeInTheDocument();
  });
});

describe('dashboards: payments due and overdue (D31)', () => {
  it.each(['owner', 'staff'] as const)(
    '%s: lists the overdue instalments in red and those due this week, with amounts, totals and links',
    async (which) => {
      const entry = (overrides: Partial<DashboardInstalment>): DashboardInstalment => ({
        inquiryId: 'i-late',
        customerName: 'Nisha Rao',
        destination: 'Coorg',
        reference: 'Q-20261120-AB12CD-1',
        amount: 14658,
        dueDate: '2026-11-28',
        status: 'overdue',
        ...overrides,
      });
      stubFetch(
        on('GET', '/api/dashboard/stats', () => ({ body: stats })),
        on('GET', '/api/packages', () => ({ body: [pkg] })),
        on('GET', '/api/notifications/summary', () => ({ body: { failing: 0 } })),
        on('GET', '/api/inquiries', () => ({ body: [] })),
        noQuoteFollowUps,
        on('GET', '/api/dashboard/payments', () => ({
          body: {
            overdue: [entry({})],
            dueThisWeek: [
              entry({
                inquiryId: 'i-soon',
                customerName: 'Dev Menon',
                destination: 'Spiti',
                reference: 'Q-20261125-EF34GH-2',
                amount: 21987.5,
                dueDate: '2026-12-05',
                status: 'due',
              }),
            ],
            overdueTotal: 14658,
            dueThisWeekTotal: 21987.5,
          },
        })),
      );
      renderDashboard(which);
      const overdue = await screen.findByRole('list', { name: 'Overdue payments' });
      const [late] = within(overdue).getAllByRole('listitem');
      expect(late).toHaveTextContent('Nisha Rao · CoorgQ-20261120-AB12CD-1₹14,658was due 28 Nov 2026');
      expect(within(late!).getByText('was due 28 Nov 2026')).toHaveClass('text-red-700');
      expect(within(late!).getByRole('link', { name: 'Nisha Rao' })).toHaveAttribute('href', '/inquiries/edit/i-late');
      const soon = screen.getByRole('list', { name: 'Payments due this week' });
      expect(within(soon).getByRole('listitem')).toHaveTextContent(
        'Dev Menon · SpitiQ-20261125-EF34GH-2₹21,987.50due 5 Dec 2026',
      );
      const region = screen.getByRole('region', { name: 'Payments due this week' });
      expect(within(region).getByText('₹21,987.50', { selector: 'span' })).toBeInTheDocument();
    },
  );

  it('says when nothing is due or overdue', async () => {
    stubFetch(
      on('GET', '/api/dashboard/stats', () => ({ body: stats })),
      on('GET', '/api/packages', () => ({ body: [pkg] })),
      on('GET', '/api/inquiries', () => ({ body: [] })),
      noQuoteFollowUps,
      noPaymentsDue,
    );
    renderDashboard('staff');
    expect(await screen.findByText('No payment is overdue.')).toBeInTheDocument();
    expect(screen.getByText('No payment is due this week.')).toBeInTheDocument();
  });
});
