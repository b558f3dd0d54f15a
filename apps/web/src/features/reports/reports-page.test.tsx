import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PaymentReport } from '@safarnama/contract/payments';
import { fakeToken, renderAt } from '../../test/render';
import { on, stubFetch, withQuery } from '../../test/query';
import ReportsPage from './reports-page';

afterEach(() => vi.unstubAllGlobals());

const noInquiries = on('GET', '/api/reports/summary', () => ({ body: { totals: { received: 0 } } }));

function renderReports(report: PaymentReport | { status: number }) {
  localStorage.setItem('token', fakeToken('Owner'));
  stubFetch(
    noInquiries,
    on('GET', '/api/reports/payments', () => ('status' in report ? { ...report, body: {} } : { body: report })),
  );
  renderAt('/reports', withQuery(<ReportsPage />));
}

describe('the reports page’s money in (D31)', () => {
  it('shows the money received by month and by mode, and what is outstanding, even without new inquiries', async () => {
    renderReports({
      received: 51645.5,
      byMonth: [
        { month: '2026-04', amount: 14658, count: 1 },
        { month: '2026-05', amount: 36987.5, count: 2 },
      ],
      byMode: [
        { mode: 'upi', amount: 29316, count: 2 },
        { mode: 'cheque', amount: 22329.5, count: 1 },
      ],
      outstanding: 120000,
      outstandingInquiries: 3,
    });
    const section = await screen.findByRole('region', { name: 'Money in (from the payments)' }, { timeout: 10_000 });
    expect(within(section).getByText('Received in the period').nextSibling).toHaveTextContent('₹51,645.50');
    expect(within(section).getByText('Outstanding today').nextSibling).toHaveTextContent('₹1,20,000');
    expect(within(section).getByText('over 3 inquiries with a schedule')).toBeInTheDocument();
    const months = within(section).getByRole('table', { name: 'Received each month' });
    expect(within(months).getAllByRole('row')[2]).toHaveTextContent(/May 2026\s*2\s*₹36,987.50/);
    const modes = within(section).getByRole('table', { name: 'Received by mode' });
    expect(within(modes).getAllByRole('row')[2]).toHaveTextContent(/Cheque\s*1\s*₹22,329.50/);
  });

  it('says when nothing came in', async () => {
    renderReports({ received: 0, byMonth: [], byMode: [], outstanding: 0, outstandingInquiries: 0 });
    expect(
      await screen.findByText('No payment was received in this period.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('offers Try again when the figures fail', async () => {
    renderReports({ status: 500 });
    expect(
      await screen.findByText('The money received could not be loaded. Please try again.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
