import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUPPLIER_MESSAGES, type Supplier } from '@safarnama/contract/suppliers';
import { fakeToken, renderAt } from '../../test/render';
import { callsTo, on, stubFetch, withQuery } from '../../test/query';
import SuppliersPage from './suppliers-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const supplier = (overrides: Partial<Supplier>): Supplier => ({
  _id: 's1',
  kind: 'hotel',
  name: 'Snow Valley Resort',
  city: 'Manali',
  contactPerson: 'Rakesh',
  address: '',
  phone: '+91 98160 12345',
  email: 'desk@snowvalley.example',
  notes: '',
  active: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const directory = [
  supplier({}),
  supplier({
    _id: 's2',
    kind: 'cab',
    name: 'Himalayan Wheels',
    phone: '98160 55555',
    email: '',
    address: 'Mall Road, Manali 175131',
  }),
];

function renderPage(...routes: Parameters<typeof stubFetch>) {
  localStorage.setItem('token', fakeToken('Staff'));
  const mock = stubFetch(...routes);
  renderAt('/suppliers', withQuery(<SuppliersPage />));
  return mock;
}

/** The list's answer for a query: the directory filtered as the server would (name words, kind, city). */
const listRoute = (all: Supplier[]) =>
  on('GET', '/api/suppliers', (url) => {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const kind = url.searchParams.get('kind');
    const city = (url.searchParams.get('city') ?? '').toLowerCase();
    const items = all.filter(
      (s) =>
        s.name.toLowerCase().includes(q) &&
        (!kind || s.kind === kind) &&
        (!city || s.city.toLowerCase() === city) &&
        (url.searchParams.get('active') !== 'true' || s.active),
    );
    return { body: items, headers: { 'X-Total-Count': String(items.length) } };
  });

const names = () =>
  within(screen.getByRole('list', { name: 'Suppliers' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('span')!.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  Object.values(notify).forEach((f) => f.mockReset());
});

describe('/suppliers', { timeout: 20_000 }, () => {
  it('lists the active suppliers, and searches and filters through the API', async () => {
    const mock = renderPage(listRoute(directory));
    expect(await screen.findByText('Himalayan Wheels')).toBeInTheDocument();
    expect(names()).toEqual(['Snow Valley Resort', 'Himalayan Wheels']);
    expect(callsTo(mock, '/api/suppliers')[0]!.searchParams.get('active')).toBe('true');

    await userEvent.type(screen.getByRole('searchbox'), 'snow');
    await waitFor(() => expect(names()).toEqual(['Snow Valley Resort']));
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'cab');
    await waitFor(() => expect(names()).toEqual(['Himalayan Wheels']));
    await userEvent.type(screen.getByLabelText('City'), 'Leh');
    expect(await screen.findByText(SUPPLIER_MESSAGES.noMatch)).toBeInTheDocument();
    const last = callsTo(mock, '/api/suppliers').at(-1)!.searchParams;
    expect([last.get('kind'), last.get('city'), last.get('page')]).toEqual(['cab', 'Leh', '1']);
  });

  it('says so when the directory is empty', async () => {
    renderPage(listRoute([]));
    expect(await screen.findByText(SUPPLIER_MESSAGES.none)).toBeInTheDocument();
  });

  it('checks the add form with the contract messages, then posts the supplier', async () => {
    let posted: unknown;
    renderPage(
      listRoute(directory),
      on('POST', '/api/suppliers', (_url, init) => {
        posted = JSON.parse(String(init!.body));
        return { status: 201, body: supplier({ _id: 's3' }) };
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: SUPPLIER_MESSAGES.add }));
    const form = screen.getByRole('form', { name: SUPPLIER_MESSAGES.add });
    await userEvent.click(within(form).getByRole('button', { name: SUPPLIER_MESSAGES.save }));
    expect(await within(form).findByText(SUPPLIER_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(form).getByText(SUPPLIER_MESSAGES.cityRequired)).toBeInTheDocument();
    expect(within(form).getByText(SUPPLIER_MESSAGES.contactRequired)).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Phone / WhatsApp'), '12345');
    await userEvent.click(within(form).getByRole('button', { name: SUPPLIER_MESSAGES.save }));
    expect(await within(form).findByText(SUPPLIER_MESSAGES.phoneInvalid)).toBeInTheDocument();
    expect(posted).toBeUndefined();

    await userEvent.selectOptions(within(form).getByLabelText(/^Kind/), 'guide');
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Dorje Treks');
    await userEvent.type(within(form).getByLabelText(/^City/), 'Leh');
    await userEvent.clear(within(form).getByLabelText('Phone / WhatsApp'));
    await userEvent.type(within(form).getByLabelText('Phone / WhatsApp'), '94190 11111');
    await userEvent.type(within(form).getByLabelText(/^Address/), 'Changspa Road, Leh 194101');
    await userEvent.click(within(form).getByRole('button', { name: SUPPLIER_MESSAGES.save }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(SUPPLIER_MESSAGES.created));
    expect(posted).toMatchObject({
      kind: 'guide',
      name: 'Dorje Treks',
      city: 'Leh',
      phone: '94190 11111',
      address: 'Changspa Road, Leh 194101',
      active: true,
    });
    expect(screen.queryByRole('form', { name: SUPPLIER_MESSAGES.add })).not.toBeInTheDocument();
  });

  it("shows the server's duplicate message beside the name", async () => {
    renderPage(
      listRoute(directory),
      on('PUT', '/api/suppliers/s1', () => ({
        status: 409,
        body: { message: SUPPLIER_MESSAGES.duplicate, errors: { name: SUPPLIER_MESSAGES.duplicate } },
      })),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Snow Valley Resort' }));
    const form = screen.getByRole('form', { name: 'Edit Snow Valley Resort' });
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Snow Valley Resort');
    await userEvent.click(within(form).getByRole('button', { name: SUPPLIER_MESSAGES.save }));
    expect(await within(form).findByText(SUPPLIER_MESSAGES.duplicate)).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith(SUPPLIER_MESSAGES.duplicate);
  });

  it('deactivates a supplier with the whole supplier and active false', async () => {
    let put: unknown;
    renderPage(
      listRoute(directory),
      on('PUT', '/api/suppliers/s2', (_url, init) => {
        put = JSON.parse(String(init!.body));
        return { body: { ...directory[1], active: false } };
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate Himalayan Wheels' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(SUPPLIER_MESSAGES.deactivated));
    expect(put).toEqual({
      kind: 'cab',
      name: 'Himalayan Wheels',
      city: 'Manali',
      contactPerson: 'Rakesh',
      address: 'Mall Road, Manali 175131',
      phone: '98160 55555',
      email: '',
      notes: '',
      active: false,
    });
  });
});
