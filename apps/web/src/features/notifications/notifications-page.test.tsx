import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { fakeToken, renderAt } from '../../test/render';
import { callsTo, on, stubFetch, withQuery } from '../../test/query';
import NotificationsPage from './notifications-page';
import UnsubscribedPage from './unsubscribed-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const mail = (over: Record<string, unknown>) => ({
  _id: 'n1',
  kind: 'new_inquiry',
  recipient: 'owner@example.com',
  subject: 'New inquiry: Asha Verma → Goa',
  status: 'sent',
  tries: 1,
  lastError: null,
  createdAt: '2025-03-05T10:00:00.000Z',
  lastAttemptAt: '2025-03-05T10:00:01.000Z',
  nextAttemptAt: null,
  sentAt: '2025-03-05T10:00:01.000Z',
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  Object.values(notify).forEach((f) => f.mockReset());
});

function renderAtPath(path: string) {
  localStorage.setItem('token', fakeToken('Owner'));
  return renderAt(
    path,
    withQuery(
      <Switch>
        <Route path="/notifications">
          <NotificationsPage />
        </Route>
        <Route path="/unsubscribed">
          <UnsubscribedPage />
        </Route>
      </Switch>,
    ),
  );
}

describe('/notifications', () => {
  it('lists mails with their status and last error, filters by status and sends a failed one again', async () => {
    const failed = mail({
      _id: 'n2',
      recipient: 'asha@example.com',
      subject: 'We received your inquiry: Goa',
      status: 'failed',
      tries: 10,
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
      sentAt: null,
    });
    const fetchMock = stubFetch(
      on('GET', '/api/notifications', (url) => {
        const status = url.searchParams.get('status');
        const items = [mail({}), failed].filter((m) => !status || m.status === status);
        return { body: items, headers: { 'X-Total-Count': String(items.length) } };
      }),
      on('POST', '/api/notifications/n2/retry', () => ({ body: { ...failed, status: 'pending', tries: 0 } })),
    );
    renderAtPath('/notifications');
    expect(await screen.findByText('New inquiry: Asha Verma → Goa')).toBeInTheDocument();
    expect(screen.getByText('2 mails')).toBeInTheDocument();
    expect(screen.getByText('Last error: connect ECONNREFUSED 127.0.0.1:25')).toBeInTheDocument();
    // Each card's facts: what kind of mail, how many tries, and when (India time).
    const sent = screen.getByText('New inquiry: Asha Verma → Goa').closest('li')!;
    expect(within(sent).getByText('New inquiry · 1 try')).toBeInTheDocument();
    expect(within(sent).getByText('Written 5 Mar 2025, 3:30 pm')).toBeInTheDocument();
    expect(within(sent).getByText('Sent 5 Mar 2025, 3:30 pm')).toBeInTheDocument();
    const failedCard = screen.getByText('We received your inquiry: Goa').closest('li')!;
    expect(within(failedCard).getByText('New inquiry · 10 tries')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Failed' }));
    await waitFor(() => expect(screen.queryByText('New inquiry: Asha Verma → Goa')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, '/api/notifications').at(-1)?.searchParams.get('status')).toBe('failed');
    expect(screen.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');

    const card = screen.getByText('We received your inquiry: Goa').closest('li')!;
    await userEvent.click(within(card).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('The mail will be sent again shortly'));
    expect(callsTo(fetchMock, '/api/notifications/n2/retry')).toHaveLength(1);
  });

  it("labels the trip link's answers to the handler", async () => {
    stubFetch(
      on('GET', '/api/notifications', () => ({
        body: [
          mail({ _id: 'a', kind: 'quote_accepted', subject: 'Quotation accepted: Asha Verma → Goa' }),
          mail({ _id: 'c', kind: 'quote_changes', subject: 'Changes asked for: Asha Verma → Goa', tries: 2 }),
        ],
        headers: { 'X-Total-Count': '2' },
      })),
    );
    renderAtPath('/notifications');
    const accepted = (await screen.findByText('Quotation accepted: Asha Verma → Goa')).closest('li')!;
    expect(within(accepted).getByText('Quotation accepted · 1 try')).toBeInTheDocument();
    const changes = screen.getByText('Changes asked for: Asha Verma → Goa').closest('li')!;
    expect(within(changes).getByText('Quotation changes asked for · 2 tries')).toBeInTheDocument();
  });

  it('says so when there is no mail yet', async () => {
    stubFetch(on('GET', '/api/notifications', () => ({ body: [], headers: { 'X-Total-Count': '0' } })));
    renderAtPath('/notifications');
    expect(await screen.findByText('No mail yet')).toBeInTheDocument();
  });
});

describe('/unsubscribed', () => {
  it('says the unsubscribe worked', () => {
    renderAtPath('/unsubscribed');
    expect(screen.getByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('no longer receive e-mails about the progress');
  });

  it('says when the link was not valid', () => {
    renderAtPath('/unsubscribed?invalid=1');
    expect(screen.getByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
  });
});
