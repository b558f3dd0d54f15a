import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { useHistory } from '../../lib/navigation';
import type { Inquiry, InquiryListItem } from '@safarnama/contract/inquiries';
import { inquiry as inquiryFixture } from '../../test/fixtures';
import { fakeToken, renderAt } from '../../test/render';
import { callsTo, on, stubFetch, withQuery } from '../../test/query';
import AllInquiriesPage from './all-inquiries-page';

const inquiry = (overrides: Partial<Inquiry> = {}) =>
  inquiryFixture({
    staff: { id: 's1', name: 'Ravi Kumar', email: 'ravi@example.com' },
    status: 'Follow Up',
    ...overrides,
  });

function LocationProbe() {
  const { entry: location, go } = useHistory();
  return (
    <>
      <output data-testid="location">{location.pathname + location.search}</output>
      <button type="button" onClick={() => go(-1)}>
        Browser back
      </button>
    </>
  );
}

function renderPage(path = '/all-inquiries') {
  localStorage.setItem('token', fakeToken('Owner'));
  return renderAt(
    path,
    withQuery(
      <Switch>
        <Route path="/all-inquiries">
          <>
            <AllInquiriesPage />
            <LocationProbe />
          </>
        </Route>
      </Switch>,
    ),
  );
}

const rows = [
  inquiry(),
  inquiry({
    _id: 'i2',
    customer: { name: 'Neel Shah', email: 'neel@example.com', whatsappNumber: '99999 11111' },
    staff: null,
    status: 'New',
    createdAt: null,
    updatedAt: null,
  }),
];

function stubList(items: (Inquiry | InquiryListItem)[] = rows, total = items.length, unfiltered = 120) {
  return stubFetch(
    on('GET', '/api/inquiries/statuses', () => ({
      body: [
        { status: 'New', count: 40 },
        { status: 'Follow Up', count: 80 },
      ],
    })),
    on('GET', '/api/inquiries', () => ({
      body: items,
      headers: { 'X-Total-Count': String(total), 'X-Unfiltered-Count': String(unfiltered) },
    })),
  );
}

const location = () => screen.getByTestId('location').textContent ?? '';
const lastListCall = (mock: ReturnType<typeof stubFetch>) => callsTo(mock, '/api/inquiries').at(-1)!;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/all-inquiries', () => {
  it('shows each column, Unassigned for no staff and N/A for missing dates, with the counts', async () => {
    const fetchMock = stubList();
    renderPage();
    const table = await screen.findByRole('table');
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Asha Verma')).toBeInTheDocument();
    expect(within(first!).getByText('asha@example.com')).toBeInTheDocument();
    expect(within(first!).getByText('Ravi Kumar')).toBeInTheDocument();
    expect(within(first!).getByText('Goa')).toBeInTheDocument();
    expect(within(first!).getByText('Follow Up')).toHaveClass('follow-up');
    expect(within(first!).getByText('4 Mar 2025')).toBeInTheDocument();
    expect(within(second!).getByText('Unassigned')).toBeInTheDocument();
    expect(within(second!).getAllByText('N/A')).toHaveLength(2);
    expect(within(first!).getByRole('link', { name: /Edit/ })).toHaveAttribute('href', '/inquiries/edit/i1');
    // The number opens a WhatsApp chat with a greeting about the inquiry; ten digits are an Indian mobile.
    const chat = within(first!).getByRole('link', { name: 'Chat with Asha Verma on WhatsApp at +91 98765 43210' });
    expect(chat).toHaveAttribute(
      'href',
      `https://wa.me/919876543210?text=${encodeURIComponent('Hello Asha Verma, this is Safarnama about your trip inquiry for Goa.')}`,
    );
    expect(
      within(second!)
        .getByRole('link', { name: /on WhatsApp at 99999 11111/ })
        .getAttribute('href'),
    ).toMatch(/^https:\/\/wa\.me\/919999911111\?text=/);
    expect(screen.getByTestId('inquiry-counts')).toHaveTextContent('120 total · 2 shown');

    // Default D10 request: createdAt descending, first page.
    const url = lastListCall(fetchMock);
    expect(url.searchParams.get('sort')).toBe('createdAt');
    expect(url.searchParams.get('order')).toBe('desc');
    expect(url.searchParams.get('page')).toBe('1');
    expect(screen.getByRole('columnheader', { name: /Created/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('says under the status whether the customer opened the sent quotation, with its own line on a phone', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString();
    const quoted: InquiryListItem[] = [
      {
        ...inquiry(),
        quotation: { version: 2, status: 'sent', sentAt: twoHoursAgo, views: 3, lastViewedAt: twoHoursAgo },
      },
      {
        ...inquiry({
          _id: 'i2',
          customer: { name: 'Neel Shah', email: 'n@example.com', whatsappNumber: '99999 11111' },
        }),
        quotation: { version: 1, status: 'sent', sentAt: twoHoursAgo, views: 0, lastViewedAt: null },
      },
      {
        ...inquiry({ _id: 'i3', customer: { name: 'Ira Das', email: 'i@example.com', whatsappNumber: '99999 22222' } }),
        quotation: null,
      },
    ];
    stubList(quoted);
    renderPage();
    const table = await screen.findByRole('table');
    const [, viewed, unseen, none] = within(table).getAllByRole('row');
    // Twice each: in the status cell (the table) and on a line of its own (the phone's card).
    const inTable = (row: HTMLElement, text: string) => {
      const [cell, card] = within(row).getAllByText(text);
      expect(cell).toHaveClass('hidden', 'lg:block');
      expect(card!.closest('td')).toHaveAttribute('data-label', 'Quotation');
      expect(card!.closest('td')).toHaveClass('lg:hidden');
      return cell!;
    };
    expect(inTable(viewed!, 'Viewed 3 times, last 2 hours ago')).toHaveAttribute('title', 'Quotation v2');
    expect(inTable(unseen!, 'Not viewed')).toHaveClass('text-amber-800');
    expect(within(none!).queryByText(/viewed/i)).not.toBeInTheDocument();
    expect(none!.querySelector('td[data-label="Quotation"]')).toBeNull();
  });

  it('sorts on the server by the clicked column and keeps the sort in the URL', async () => {
    const fetchMock = stubList();
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: /Customer/ }));
    await waitFor(() => expect(location()).toContain('sort=customer'));
    expect(location()).toContain('order=asc');
    await waitFor(() => expect(lastListCall(fetchMock).searchParams.get('sort')).toBe('customer'));
    expect(lastListCall(fetchMock).searchParams.get('order')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /Customer/ })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(screen.getByRole('button', { name: /Customer/ }));
    await waitFor(() => expect(location()).toContain('order=desc'));
    await waitFor(() => expect(lastListCall(fetchMock).searchParams.get('order')).toBe('desc'));
  });

  it("sorts from the narrow screens' menu, which shows the sort in force", async () => {
    const fetchMock = stubList();
    renderPage('/all-inquiries?status=New');
    await screen.findByRole('table');
    const menu = screen.getByLabelText('Sort by');
    expect(menu).toHaveDisplayValue('Created, newest first');
    expect(within(menu).getAllByRole('option')).toHaveLength(16);

    await userEvent.selectOptions(menu, 'Staff, unassigned first, then A to Z');
    await waitFor(() => expect(location()).toContain('sort=staff&order=asc'));
    expect(location()).toContain('status=New');
    await waitFor(() => expect(lastListCall(fetchMock).searchParams.get('sort')).toBe('staff'));
    expect(screen.getByRole('columnheader', { name: /Staff/ })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.selectOptions(menu, 'Created, newest first');
    // The default sort leaves the URL.
    await waitFor(() => expect(location()).not.toContain('sort='));
    expect(menu).toHaveDisplayValue('Created, newest first');
  });

  it('reads sort, order, search, status and page from the URL', async () => {
    const fetchMock = stubList();
    renderPage('/all-inquiries?sort=status&order=asc&q=goa&status=new&page=3');
    await screen.findByRole('table');
    const url = lastListCall(fetchMock);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      sort: 'status',
      order: 'asc',
      q: 'goa',
      status: 'New',
      page: '3',
    });
    expect(screen.getByLabelText('Search inquiries')).toHaveValue('goa');
    expect(screen.getByRole('button', { name: /^New/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('filters by status from the statuses call, and clicking again clears it', async () => {
    const fetchMock = stubList();
    renderPage('/all-inquiries?page=2');
    await screen.findByRole('table');
    const newButton = await screen.findByRole('button', { name: /^New \(40\)/ });
    await userEvent.click(newButton);
    await waitFor(() => expect(location()).toBe('/all-inquiries?status=New'));
    await waitFor(() => expect(lastListCall(fetchMock).searchParams.get('status')).toBe('New'));
    expect(newButton).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(newButton);
    await waitFor(() => expect(location()).toBe('/all-inquiries'));
    await waitFor(() => expect(lastListCall(fetchMock).searchParams.has('status')).toBe(false));
  });

  it('debounces the search before it reaches the URL and the server', async () => {
    const fetchMock = stubList();
    renderPage();
    await screen.findByRole('table');
    const before = callsTo(fetchMock, '/api/inquiries').length;
    await userEvent.type(screen.getByLabelText('Search inquiries'), 'kerala');
    // Typing six letters does not send six requests.
    expect(callsTo(fetchMock, '/api/inquiries').length).toBe(before);
    await waitFor(() => expect(location()).toBe('/all-inquiries?q=kerala'));
    await waitFor(() => expect(lastListCall(fetchMock).searchParams.get('q')).toBe('kerala'));
    expect(callsTo(fetchMock, '/api/inquiries').filter((u) => u.searchParams.has('q'))).toHaveLength(1);
  });

  it('pages with Next and Previous: each asks the server for that page and puts it in the URL', async () => {
    // 120 matches at 50 a page (D10) make three pages.
    const fetchMock = stubList(rows, 120);
    renderPage();
    await screen.findByRole('table');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const previous = within(nav).getByRole('button', { name: 'Previous' });
    const next = within(nav).getByRole('button', { name: 'Next' });
    expect(nav).toHaveTextContent('Page 1 of 3');
    expect(previous).toBeDisabled();

    await userEvent.click(next);
    await waitFor(() => expect(location()).toBe('/all-inquiries?page=2'));
    await waitFor(() => expect(lastListCall(fetchMock).searchParams.get('page')).toBe('2'));
    expect(lastListCall(fetchMock).searchParams.get('pageSize')).toBe('50');
    await waitFor(() => expect(nav).toHaveTextContent('Page 2 of 3'));
    expect(previous).toBeEnabled();

    await userEvent.click(next);
    await waitFor(() => expect(location()).toBe('/all-inquiries?page=3'));
    await waitFor(() => expect(lastListCall(fetchMock).searchParams.get('page')).toBe('3'));
    await waitFor(() => expect(nav).toHaveTextContent('Page 3 of 3'));
    expect(next).toBeDisabled();

    await userEvent.click(previous);
    await waitFor(() => expect(location()).toBe('/all-inquiries?page=2'));
    await waitFor(() => expect(nav).toHaveTextContent('Page 2 of 3'));
    await userEvent.click(previous);
    // Page 1 is the default and leaves the URL.
    await waitFor(() => expect(location()).toBe('/all-inquiries'));
    await waitFor(() => expect(nav).toHaveTextContent('Page 1 of 3'));
    expect(lastListCall(fetchMock).searchParams.get('page')).toBe('1');
    expect(callsTo(fetchMock, '/api/inquiries').map((u) => u.searchParams.get('page'))).toEqual([
      '1',
      '2',
      '3',
      '2',
      '1',
    ]);

    // Each page is a history entry, so the back button returns to the page before.
    await userEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(location()).toBe('/all-inquiries?page=2'));
    await waitFor(() => expect(nav).toHaveTextContent('Page 2 of 3'));
  });

  it('pages past a capped search count while full pages come back, never claiming a last page', async () => {
    // The server stopped counting at 1,000: pages 20 and 21 are full, page 22 holds the last 7 rows.
    const fullPage = Array.from({ length: 50 }, (_, i) => inquiry({ _id: `c${i}` }));
    const fetchMock = stubFetch(
      on('GET', '/api/inquiries/statuses', () => ({ body: [] })),
      on('GET', '/api/inquiries', (url) => ({
        body: url.searchParams.get('page') === '22' ? fullPage.slice(0, 7) : fullPage,
        headers: { 'X-Total-Count': '1000', 'X-Total-Count-Capped': 'true', 'X-Unfiltered-Count': '5000' },
      })),
    );
    renderPage('/all-inquiries?q=goa&page=20');
    await screen.findByRole('table');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const next = within(nav).getByRole('button', { name: 'Next' });
    expect(nav).toHaveTextContent('Page 20 · 1,000+ inquiries');
    expect(nav).not.toHaveTextContent(/ of /);
    expect(next).toBeEnabled();

    await userEvent.click(next);
    await waitFor(() => expect(lastListCall(fetchMock).searchParams.get('page')).toBe('21'));
    await waitFor(() => expect(nav).toHaveTextContent('Page 21 · 1,000+ inquiries'));
    expect(next).toBeEnabled();

    await userEvent.click(next);
    await waitFor(() => expect(lastListCall(fetchMock).searchParams.get('page')).toBe('22'));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(8));
    expect(nav).toHaveTextContent('Page 22 · 1,000+ inquiries');
    expect(next).toBeDisabled();
  });

  it('shows 20, 50 or 100 rows a page, keeping the first row in view, in the URL', async () => {
    const fetchMock = stubList(rows, 240);
    renderPage('/all-inquiries?q=goa&page=3');
    await screen.findByRole('table');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    const size = within(nav).getByLabelText('Rows per page');
    expect(size).toHaveValue('50');
    expect(nav).toHaveTextContent('Page 3 of 5');

    // Row 101 was first on page 3 of 50; at 20 a page it is on page 6.
    await userEvent.selectOptions(size, '20');
    await waitFor(() => expect(location()).toBe('/all-inquiries?q=goa&page=6&pageSize=20'));
    await waitFor(() => expect(lastListCall(fetchMock).searchParams.get('pageSize')).toBe('20'));
    expect(lastListCall(fetchMock).searchParams.get('page')).toBe('6');
    await waitFor(() => expect(nav).toHaveTextContent('Page 6 of 12'));

    await userEvent.selectOptions(size, '100');
    await waitFor(() => expect(location()).toBe('/all-inquiries?q=goa&page=2&pageSize=100'));
    await waitFor(() => expect(nav).toHaveTextContent('Page 2 of 3'));
    // Back to the default: the URL no longer names it.
    await userEvent.selectOptions(size, '50');
    await waitFor(() => expect(location()).toBe('/all-inquiries?q=goa&page=3'));
  });

  it('takes only the offered page sizes from a link', async () => {
    const fetchMock = stubList(rows, 240);
    renderPage('/all-inquiries?pageSize=5000');
    await screen.findByRole('table');
    expect(lastListCall(fetchMock).searchParams.get('pageSize')).toBe('50');
  });

  it('keeps sort, search and status when paging', async () => {
    const fetchMock = stubList(rows, 120);
    renderPage('/all-inquiries?sort=status&order=asc&q=goa&status=New');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastListCall(fetchMock).searchParams.get('page')).toBe('2'));
    expect(Object.fromEntries(lastListCall(fetchMock).searchParams)).toMatchObject({
      sort: 'status',
      order: 'asc',
      q: 'goa',
      status: 'New',
    });
    expect(new URLSearchParams(location().split('?')[1]).get('page')).toBe('2');
    expect(location()).toContain('q=goa');
  });

  it('offers the first page when the URL points past the last one', async () => {
    let served = 0;
    const fetchMock = stubFetch(
      on('GET', '/api/inquiries/statuses', () => ({ body: [] })),
      on('GET', '/api/inquiries', (url) => {
        served++;
        return {
          body: url.searchParams.get('page') === '1' ? rows : [],
          headers: { 'X-Total-Count': '2', 'X-Unfiltered-Count': '2' },
        };
      }),
    );
    renderPage('/all-inquiries?page=9');
    expect(await screen.findByText('No Inquiry found')).toBeInTheDocument();
    expect(lastListCall(fetchMock).searchParams.get('page')).toBe('9');
    await userEvent.click(screen.getByRole('button', { name: 'Go to the first page' }));
    await waitFor(() => expect(location()).toBe('/all-inquiries'));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(lastListCall(fetchMock).searchParams.get('page')).toBe('1');
    expect(served).toBe(2);
  });

  it("shows 'No Inquiry found' for an empty result", async () => {
    stubList([], 0, 0);
    renderPage();
    expect(await screen.findByText('No Inquiry found')).toBeInTheDocument();
  });

  it('shows the server message with Try Again when the list fails', async () => {
    let fail = true;
    stubFetch(
      on('GET', '/api/inquiries/statuses', () => ({ body: [] })),
      on('GET', '/api/inquiries', () =>
        fail
          ? { status: 500, body: { message: 'Database unavailable' } }
          : { body: rows, headers: { 'X-Total-Count': '2' } },
      ),
    );
    renderPage();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('deletes after confirming and reports with browser alerts', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const deletes: string[] = [];
    const list = stubFetch(
      on('DELETE', '/api/inquiries/i1', (url) => {
        deletes.push(url.pathname);
        return { body: { message: 'Inquiry deleted successfully' } };
      }),
      on('DELETE', '/api/inquiries/i2', () => ({ status: 500, body: { message: 'boom' } })),
      on('GET', '/api/inquiries/statuses', () => ({ body: [] })),
      on('GET', '/api/inquiries', () => ({ body: rows, headers: { 'X-Total-Count': '2' } })),
    );
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Delete inquiry from Asha Verma' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this inquiry?');
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Inquiry deleted successfully'));
    expect(deletes).toEqual(['/api/inquiries/i1']);
    await userEvent.click(screen.getByRole('button', { name: 'Delete inquiry from Neel Shah' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Failed to delete Inquiry'));
    expect(list).toHaveBeenCalled();
  });

  it('sends nothing and says nothing when the delete confirm is cancelled', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const fetchMock = stubList();
    renderPage();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Delete inquiry from Asha Verma' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this inquiry?');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getByText('Asha Verma')).toBeInTheDocument();
  });
});
