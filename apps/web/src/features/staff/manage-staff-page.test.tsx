import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeToken, renderAt } from '../../test/render';
import { on, stubFetch, withQuery } from '../../test/query';
import ManageStaffPage from './manage-staff-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

const members = [
  { _id: 's2', name: 'zara Khan', email: 'zara@example.com' },
  { _id: 's1', name: 'Arjun Mehta', email: 'arjun@example.com' },
  { _id: 's3', name: 'Meera Iyer', email: 'meera@example.com' },
];

function renderPage() {
  localStorage.setItem('token', fakeToken('Owner'));
  return renderAt('/manage-staff', withQuery(<ManageStaffPage />));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Object.values(notify).forEach((f) => f.mockReset());
});

describe('/manage-staff', () => {
  it('lists staff sorted by name', async () => {
    stubFetch(on('GET', '/api/auth/staff', () => ({ body: members })));
    renderPage();
    const list = await screen.findByRole('list', { name: 'Staff members' });
    const names = within(list)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')!.textContent);
    expect(names).toEqual(['Arjun Mehta', 'Meera Iyer', 'zara Khan']);
  });

  it("shows 'No Staff Members' when there are none, and the fetch error otherwise", async () => {
    stubFetch(on('GET', '/api/auth/staff', () => ({ body: [] })));
    renderPage();
    expect(await screen.findByText('No Staff Members')).toBeInTheDocument();
  });

  it("shows 'Failed to fetch staff members' when the list fails", async () => {
    stubFetch(on('GET', '/api/auth/staff', () => ({ status: 500, body: { message: 'x' } })));
    renderPage();
    expect(await screen.findByText('Failed to fetch staff members')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('validates the add form with the contract messages and shows the password checklist live', async () => {
    const fetchMock = stubFetch(on('GET', '/api/auth/staff', () => ({ body: members })));
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Add Staff Member' }));
    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('A valid email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'weakpass');
    const upper = screen.getByText('One uppercase letter').closest('li')!;
    expect(upper).toHaveAttribute('data-met', 'false');
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'A1!');
    expect(upper).toHaveAttribute('data-met', 'true');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('adds a staff member, clears the form and toasts', async () => {
    const posted: unknown[] = [];
    stubFetch(
      on('GET', '/api/auth/staff', () => ({ body: members })),
      on('POST', '/api/auth/staff', (_url, init) => {
        posted.push(JSON.parse(String(init?.body)));
        return { status: 201, body: { _id: 's9', name: 'New Person', email: 'new@example.com' } };
      }),
    );
    renderPage();
    await userEvent.type(screen.getByLabelText(/Full Name/), 'New Person');
    await userEvent.type(screen.getByLabelText(/Email Address/), 'new@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Str0ng!Pass');
    await userEvent.click(screen.getByRole('button', { name: 'Add Staff Member' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Staff member added successfully'));
    expect(posted).toEqual([{ name: 'New Person', email: 'new@example.com', password: 'Str0ng!Pass' }]);
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('');
  });

  it("shows the server's message when adding fails", async () => {
    stubFetch(
      on('GET', '/api/auth/staff', () => ({ body: members })),
      on('POST', '/api/auth/staff', () => ({
        status: 409,
        body: {
          message: 'An account with this email already exists',
          errors: { email: 'An account with this email already exists' },
        },
      })),
    );
    renderPage();
    await userEvent.type(screen.getByLabelText(/Full Name/), 'Dup');
    await userEvent.type(screen.getByLabelText(/Email Address/), 'arjun@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Str0ng!Pass');
    await userEvent.click(screen.getByRole('button', { name: 'Add Staff Member' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('An account with this email already exists'));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Dup');
  });

  it.each([
    ['an error without a message', () => ({ status: 500 })],
    ['an error body without a message', () => ({ status: 400, body: {} })],
  ])("toasts the fallback 'Failed to add staff.' for %s, keeping the form", async (_case, respond) => {
    stubFetch(
      on('GET', '/api/auth/staff', () => ({ body: members })),
      on('POST', '/api/auth/staff', respond),
    );
    renderPage();
    await userEvent.type(screen.getByLabelText(/Full Name/), 'New Person');
    await userEvent.type(screen.getByLabelText(/Email Address/), 'new@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Str0ng!Pass');
    await userEvent.click(screen.getByRole('button', { name: 'Add Staff Member' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to add staff.'));
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('New Person');
  });

  it("toasts the fallback 'Failed to add staff.' when the server cannot be reached", async () => {
    stubFetch(on('GET', '/api/auth/staff', () => ({ body: members })));
    renderPage();
    await screen.findByRole('list', { name: 'Staff members' });
    // The list loaded; now the network goes away.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await userEvent.type(screen.getByLabelText(/Full Name/), 'New Person');
    await userEvent.type(screen.getByLabelText(/Email Address/), 'new@example.com');
    await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Str0ng!Pass');
    await userEvent.click(screen.getByRole('button', { name: 'Add Staff Member' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to add staff.'));
  });

  it('Re-enable fills in a former member, clears the password typed before and focuses it (D23)', async () => {
    stubFetch(
      on('GET', '/api/auth/staff', () => ({ body: members })),
      on('GET', '/api/auth/staff/former', () => ({
        body: [{ _id: 'f1', name: 'Kabir Singh', email: 'kabir@example.com' }],
      })),
    );
    renderPage();
    const password = screen.getByLabelText(/^Password/, { selector: 'input' });
    await userEvent.type(password, 'typed-before');
    await userEvent.click(await screen.findByRole('button', { name: 'Re-enable Kabir Singh' }));
    expect(screen.getByLabelText(/Full Name/)).toHaveValue('Kabir Singh');
    expect(screen.getByLabelText(/Email Address/)).toHaveValue('kabir@example.com');
    expect(password).toHaveValue('');
    await waitFor(() => expect(password).toHaveFocus());
  });

  it('removes a member after the spec confirm', async () => {
    const deleted: string[] = [];
    stubFetch(
      on('GET', '/api/auth/staff', () => ({ body: members })),
      on('DELETE', '/api/auth/staff/s3', (url) => {
        deleted.push(url.pathname);
        return { body: { message: 'Staff member removed successfully' } };
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Meera Iyer' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to remove Meera Iyer from staff?');
    expect(deleted).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Remove Meera Iyer' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Staff member removed successfully'));
    expect(deleted).toEqual(['/api/auth/staff/s3']);
  });

  it("toasts 'Failed to remove staff member' when removal fails", async () => {
    stubFetch(
      on('GET', '/api/auth/staff', () => ({ body: members })),
      on('DELETE', '/api/auth/staff/s1', () => ({ status: 500, body: { message: 'x' } })),
    );
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Arjun Mehta' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to remove staff member'));
  });
});
