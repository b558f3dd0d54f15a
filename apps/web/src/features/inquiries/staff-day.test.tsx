// The staff's day on the web (D26): the list's Handler and Follow-up filters, the editor's fields, quick contact,
// notes, waiting and repeat leads, and what a Customer's view leaves out.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { useHistory } from '../../lib/navigation';
import type { Inquiry, InquiryEvent } from '@safarnama/contract/inquiries';
import { inquiry } from '../../test/fixtures';
import { fakeToken, renderAt } from '../../test/render';
import { callsTo, on, stubFetch, withQuery } from '../../test/query';
import AllInquiriesPage from './all-inquiries-page';
import EditInquiryPage from './edit-inquiry-page';
import ViewInquiryPage from './view-inquiry-page';
import { toFormValues, toUpdateBody } from './components/inquiry-edit-form';
import { EventTimeline } from '../../components/inquiries/event-timeline';
import { render } from '@testing-library/react';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const handlers = [
  { _id: 'o1', name: 'Owner Name', email: 'owner@example.com', role: 'Owner' as const },
  { _id: 's1', name: 'Anita Rao', email: 'anita@example.com', role: 'Staff' as const },
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
  Object.values(notify).forEach((f) => f.mockReset());
});

function Probe() {
  const location = useHistory().entry;
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

describe('/all-inquiries: Handler and Follow-up filters', () => {
  const renderList = (path: string) => {
    localStorage.setItem('token', fakeToken('Staff'));
    const fetchMock = stubFetch(
      on('GET', '/api/inquiries/statuses', () => ({ body: [{ status: 'New', count: 3 }] })),
      on('GET', '/api/auth/handlers', () => ({ body: handlers })),
      on('GET', '/api/inquiries', () => ({ body: [inquiry()], headers: { 'X-Total-Count': '1' } })),
      on('GET', '/api/inquiries/export.csv', () => ({ body: 'x' })),
    );
    renderAt(
      path,
      withQuery(
        <Switch>
          <Route path="/all-inquiries">
            <>
              <AllInquiriesPage />
              <Probe />
            </>
          </Route>
        </Switch>,
      ),
    );
    return fetchMock;
  };
  const last = (mock: ReturnType<typeof stubFetch>) => callsTo(mock, '/api/inquiries').at(-1)!.searchParams;

  it('asks the server for the chosen handler and follow-up and keeps both in the URL', async () => {
    const fetchMock = renderList('/all-inquiries?page=3');
    await screen.findByRole('table');
    await userEvent.selectOptions(screen.getByLabelText('Handler'), 'Me');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/all-inquiries?assignedTo=me'));
    await userEvent.selectOptions(screen.getByLabelText('Follow-up'), 'Overdue');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/all-inquiries?assignedTo=me&followUp=overdue'),
    );
    await waitFor(() => expect(last(fetchMock).get('followUp')).toBe('overdue'));
    expect(last(fetchMock).get('assignedTo')).toBe('me');
    expect(last(fetchMock).has('page')).toBe(true);
    expect(last(fetchMock).get('page')).toBe('1');

    await userEvent.selectOptions(await screen.findByLabelText('Handler'), 'Anita Rao');
    await waitFor(() => expect(last(fetchMock).get('assignedTo')).toBe('s1'));
    await userEvent.selectOptions(screen.getByLabelText('Handler'), 'Anyone');
    await waitFor(() => expect(last(fetchMock).has('assignedTo')).toBe(false));
  });

  it('exports what the table shows, the Handler and Follow-up filters included', async () => {
    const fetchMock = renderList('/all-inquiries?assignedTo=me&followUp=today&status=New&q=goa');
    await screen.findByRole('table');
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(callsTo(fetchMock, '/api/inquiries/export.csv')).toHaveLength(1));
    const query = Object.fromEntries(callsTo(fetchMock, '/api/inquiries/export.csv')[0]!.searchParams);
    expect(query).toEqual({
      sort: 'createdAt',
      order: 'desc',
      q: 'goa',
      status: 'New',
      assignedTo: 'me',
      followUp: 'today',
    });
  });

  it('reads the filters from a link', async () => {
    const fetchMock = renderList('/all-inquiries?assignedTo=unassigned&followUp=today');
    await screen.findByRole('table');
    expect(screen.getByLabelText('Handler')).toHaveValue('unassigned');
    expect(screen.getByLabelText('Follow-up')).toHaveValue('today');
    expect(last(fetchMock).get('followUp')).toBe('today');
    vi.unstubAllGlobals();
  });

  it('shows "Waiting N days" beside a New inquiry untouched for more than a day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-08T12:00:00Z'));
    renderList('/all-inquiries');
    const table = await screen.findByRole('table');
    // Updated 2025-03-05T10:00Z: three whole days ago.
    expect(within(table).getByText('Waiting 3 days')).toBeInTheDocument();
  });
});

describe('the editor', () => {
  const stored = inquiry({
    status: 'New',
    travelDate: '2030-05-01',
    source: null,
    package: { id: 'p1', title: 'Kerala Backwaters' },
    followUpAt: '2030-04-30T04:30:00.000Z',
  });

  it('turns its fields into the update body: dates in Kolkata, a source once chosen', () => {
    const values = toFormValues(stored);
    expect(values).toMatchObject({ travelDate: '2030-05-01', source: '', followUpAt: '2030-04-30T10:00' });
    const unchanged = toUpdateBody(values, stored);
    expect(unchanged).not.toHaveProperty('followUpAt');
    expect(unchanged).not.toHaveProperty('source');
    expect(unchanged.travelDate).toBe('2030-05-01');
    const changed = toUpdateBody(
      { ...values, source: 'referral', followUpAt: '2030-05-02T09:15', travelDate: '' },
      stored,
    );
    expect(changed).toMatchObject({ source: 'referral', followUpAt: '2030-05-02T03:45:00.000Z', travelDate: null });
    expect(toUpdateBody({ ...values, followUpAt: '' }, stored).followUpAt).toBeNull();
  });

  function renderEditor(events: InquiryEvent[] = [], others: Inquiry[] = []) {
    localStorage.setItem('token', fakeToken('Staff'));
    const fetchMock = stubFetch(
      on('GET', '/api/inquiries/i1/events', () => ({ body: events })),
      on('GET', '/api/inquiries/i1', () => ({ body: stored })),
      on('POST', '/api/inquiries/i1/notes', (_url, init) => ({
        status: 201,
        body: {
          _id: 'e9',
          type: 'note',
          actor: null,
          field: null,
          from: null,
          to: JSON.parse(String(init?.body)).text,
          createdAt: '2030-04-29T00:00:00.000Z',
        },
      })),
      on('PUT', '/api/inquiries/i1', () => ({ body: stored })),
      on('POST', '/api/inquiries/i1/contacted', () => ({ body: { ...stored, status: 'Working' } })),
      on('GET', '/api/auth/handlers', () => ({ body: handlers })),
      on('GET', '/api/inquiries', () => ({ body: [stored, ...others] })),
    );
    renderAt(
      '/inquiries/edit/i1',
      withQuery(
        <Switch>
          <Route path="/inquiries/edit/:inquiryId">
            <EditInquiryPage />
          </Route>
        </Switch>,
      ),
    );
    return fetchMock;
  }
  const bodies = (mock: ReturnType<typeof stubFetch>, method: string, path: string) =>
    mock.mock.calls
      .filter(
        ([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://x').pathname === path,
      )
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

  it('shows the package as a link, the travel date and source, and the follow-up in India time', async () => {
    renderEditor();
    expect(await screen.findByRole('link', { name: 'Kerala Backwaters' })).toHaveAttribute('href', '/packages/p1');
    expect(screen.getByLabelText('Travel date')).toHaveValue('2030-05-01');
    expect(screen.getByLabelText('Source')).toHaveValue('');
    expect(screen.getByLabelText('Follow up at (India time)')).toHaveValue('2030-04-30T10:00');
  });

  it('marks contacted in one call (the server adds the note and moves New to Working at once)', async () => {
    const fetchMock = renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Mark contacted' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Marked as contacted'));
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([input]) => new URL(String(input), 'http://x').pathname)).toEqual([
      '/api/inquiries/i1/contacted',
    ]);
    expect(bodies(fetchMock, 'PUT', '/api/inquiries/i1')).toEqual([]);
  });

  it('logs a call as a note that starts "Called: ", and sets a follow-up for tomorrow at 10:00 India time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:00 in Kolkata on 28 April: tomorrow there is the 29th.
    vi.setSystemTime(new Date('2030-04-28T17:30:00Z'));
    const fetchMock = renderEditor();
    await userEvent.click(await screen.findByRole('button', { name: 'Log a call' }));
    const box = screen.getByLabelText(/Internal note/);
    expect(box).toHaveValue('Called: ');
    expect(box).toHaveFocus();
    await userEvent.type(box, 'wants a quote by Friday');
    await userEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(bodies(fetchMock, 'POST', '/api/inquiries/i1/notes')).toEqual([
        { text: 'Called: wants a quote by Friday' },
      ]),
    );
    await waitFor(() => expect(box).toHaveValue(''));

    await userEvent.click(screen.getByRole('button', { name: 'Follow up tomorrow 10:00' }));
    await waitFor(() =>
      expect(bodies(fetchMock, 'PUT', '/api/inquiries/i1')).toEqual([{ followUpAt: '2030-04-29T04:30:00.000Z' }]),
    );
  });

  it('counts the other inquiries from the same customer and links to them', async () => {
    const other = inquiry({ _id: 'i7', customer: { ...stored.customer, whatsappNumber: '+91 00000 00000' } });
    const lookalike = inquiry({
      _id: 'i8',
      customer: { name: 'X', email: 'asha@example.com.au', whatsappNumber: '1' },
    });
    renderEditor([], [other, lookalike]);
    const link = await screen.findByRole('link', { name: '1 other inquiry from this customer' });
    expect(link).toHaveAttribute('href', '/all-inquiries?q=asha%40example.com');
  });
});

describe('notes in the timeline and the views', () => {
  it('shows a note with its author', () => {
    render(
      <EventTimeline
        events={[
          {
            _id: 'e1',
            type: 'note',
            actor: { id: 's1', name: 'Anita Rao' },
            field: null,
            from: null,
            to: 'Called: wants a quote',
            createdAt: '2030-04-29T05:00:00.000Z',
          },
        ]}
      />,
    );
    expect(screen.getByText('Anita Rao noted: Called: wants a quote')).toHaveAttribute('data-event-type', 'note');
  });

  const renderView = (role: 'Staff' | 'Customer') => {
    localStorage.setItem('token', fakeToken(role));
    const full = inquiry({
      source: 'phone',
      followUpAt: '2030-04-30T04:30:00.000Z',
      package: { id: null, title: 'Old Package' },
    });
    const { followUpAt: _f, totalRevenue: _r, hotelCost: _h, cabCost: _c, profit: _p, ...customerView } = full;
    stubFetch(
      on('GET', '/api/inquiries/i1/events', () => ({ body: [] })),
      on('GET', '/api/inquiries/i1', () => ({ body: role === 'Customer' ? customerView : full })),
      on('GET', '/api/inquiries', () => ({ body: [] })),
    );
    renderAt(
      '/inquiries/view/i1',
      withQuery(
        <Switch>
          <Route path="/inquiries/view/:id">
            <ViewInquiryPage />
          </Route>
        </Switch>,
      ),
    );
  };

  it('gives staff the source, the follow-up, a deleted package as text and the note box', async () => {
    renderView('Staff');
    expect(await screen.findByText('Old Package')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Old Package' })).not.toBeInTheDocument();
    expect(screen.getByText('Phone')).toBeInTheDocument();
    expect(screen.getByLabelText(/Internal note/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark contacted' })).not.toBeInTheDocument();
  });

  it('gives a Customer no notes, source or follow-up', async () => {
    renderView('Customer');
    expect(await screen.findByText('Old Package')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Internal note/)).not.toBeInTheDocument();
    expect(screen.queryByText('Source')).not.toBeInTheDocument();
    expect(screen.queryByText('Follow up at')).not.toBeInTheDocument();
  });
});
