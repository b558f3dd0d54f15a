import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { fakeToken, renderAt } from '../../test/render';
import { on, stubFetch, withQuery } from '../../test/query';
import { PROFILE_MESSAGES } from '@safarnama/contract/staff';
import ProfilePage from './profile-page';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn() }));
vi.mock('../../lib/notify', () => ({ notify }));

function renderPage(role: 'Customer' | 'Staff' = 'Customer') {
  localStorage.setItem('token', fakeToken(role));
  return renderAt(
    '/profile-update',
    withQuery(
      <Switch>
        <Route path="/profile-update">
          <ProfilePage />
        </Route>
        <Route path="/">
          <h1>Home</h1>
        </Route>
      </Switch>,
    ),
  );
}

const newPassword = () => screen.getByLabelText('New password');
const confirmation = () => screen.getByLabelText('Confirm new password');
const submit = () => screen.getByRole('button', { name: 'Update Profile' });

afterEach(() => {
  vi.unstubAllGlobals();
  Object.values(notify).forEach((f) => f.mockReset());
});

describe('/profile-update', () => {
  it('saves name and e-mail without sending an empty password, and stores the fresh token', async () => {
    const bodies: unknown[] = [];
    const fresh = fakeToken('Customer', 7200);
    stubFetch(
      on('GET', '/api/profile', () => ({ body: { name: 'Priya', email: 'priya@example.com' } })),
      on('PUT', '/api/profile', (_u, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return {
          body: { name: 'Priya S', email: 'priya@example.com', token: fresh, message: 'Profile updated successfully!' },
        };
      }),
    );
    renderPage();
    const name = await screen.findByLabelText(/^Name/);
    expect(name).toHaveValue('Priya');
    await userEvent.clear(name);
    await userEvent.type(name, 'Priya S');
    await userEvent.click(submit());
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Profile updated successfully!'));
    expect(bodies).toEqual([{ name: 'Priya S', email: 'priya@example.com' }]);
    expect(localStorage.getItem('token')).toBe(fresh);
  });

  it('keeps submit disabled while the new password is weak, mismatched or lacks the current one', async () => {
    stubFetch(on('GET', '/api/profile', () => ({ body: { name: 'Priya', email: 'priya@example.com' } })));
    renderPage();
    await screen.findByLabelText(/^Name/);
    await userEvent.type(newPassword(), 'short');
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeInTheDocument();
    await userEvent.tab();
    expect(await screen.findByText('Please meet all password requirements')).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await userEvent.clear(newPassword());
    await userEvent.type(newPassword(), 'N3w!Passw0rd');
    await userEvent.type(confirmation(), 'N3w!Passw0rX');
    await userEvent.tab();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await userEvent.clear(confirmation());
    await userEvent.type(confirmation(), 'N3w!Passw0rd');
    await waitFor(() => expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument());
    // D17: the current password is asked for once a new one is typed.
    expect(submit()).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Current password/), 'Old!Passw0rd');
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('sends the new and current password together', async () => {
    const bodies: unknown[] = [];
    stubFetch(
      on('GET', '/api/profile', () => ({ body: { name: 'Priya', email: 'priya@example.com' } })),
      on('PUT', '/api/profile', (_u, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return {
          status: 400,
          body: {
            message: 'Current password is incorrect',
            errors: { currentPassword: 'Current password is incorrect' },
          },
        };
      }),
    );
    renderPage();
    await screen.findByLabelText(/^Name/);
    await userEvent.type(newPassword(), 'N3w!Passw0rd');
    await userEvent.type(confirmation(), 'N3w!Passw0rd');
    await userEvent.type(screen.getByLabelText(/Current password/), 'wrong');
    await waitFor(() => expect(submit()).toBeEnabled());
    await userEvent.click(submit());
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Current password is incorrect'));
    expect(bodies).toEqual([
      { name: 'Priya', email: 'priya@example.com', password: 'N3w!Passw0rd', currentPassword: 'wrong' },
    ]);
    expect(await screen.findByText('Current password is incorrect', { selector: '[role=alert]' })).toBeInTheDocument();
  });

  it("falls back to 'Failed to update profile.' when no server message arrives", async () => {
    const get = on('GET', '/api/profile', () => ({ body: { name: 'Priya', email: 'priya@example.com' } }));
    const answered = stubFetch(get);
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'PUT' ? Promise.reject(new TypeError('Failed to fetch')) : answered(input, init),
      ),
    );
    renderPage();
    await screen.findByLabelText(/^Name/);
    await userEvent.click(submit());
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Failed to update profile.'));
  });

  it("toasts 'Failed to load user data.' and goes home when the profile cannot be read", async () => {
    stubFetch(on('GET', '/api/profile', () => ({ status: 500, body: { message: 'x' } })));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Failed to load user data.', expect.anything());
  });

  it("toasts 'Failed to fetch profile data.' when the server cannot be reached", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Failed to fetch profile data.', expect.anything());
  });

  it('lets Staff choose their notification mails and saves only that choice; a Customer sees no such choice', async () => {
    const bodies: unknown[] = [];
    const me = { name: 'Ravi', email: 'ravi@example.com' };
    stubFetch(
      on('GET', '/api/profile', () => ({ body: { ...me, notifyNewInquiry: true, notifyAssignment: true } })),
      on('PUT', '/api/profile', (_u, init) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        bodies.push(body);
        return { body: { ...me, ...body, token: fakeToken('Staff', 7200), message: 'Profile updated successfully!' } };
      }),
    );
    renderPage('Staff');
    const newInquiries = await screen.findByRole('checkbox', { name: 'E-mail me when a new inquiry arrives' });
    expect(newInquiries).toBeChecked();
    const save = screen.getByRole('button', { name: 'Save e-mail settings' });
    expect(save).toBeDisabled();
    await userEvent.click(newInquiries);
    await userEvent.click(save);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Profile updated successfully!'));
    expect(bodies).toEqual([{ ...me, notifyNewInquiry: false, notifyAssignment: true }]);
    expect(screen.getByRole('checkbox', { name: 'E-mail me when a new inquiry arrives' })).not.toBeChecked();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save e-mail settings' })).toBeDisabled());
  });

  it('shows a Customer no notification choices', async () => {
    stubFetch(on('GET', '/api/profile', () => ({ body: { name: 'Priya', email: 'priya@example.com' } })));
    renderPage();
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Priya');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('asks for the current password to change the e-mail, then verifies the pending address with its code (D21)', async () => {
    const bodies: unknown[] = [];
    const afterChange = fakeToken('Customer', 7200);
    const afterVerify = fakeToken('Customer', 9000);
    stubFetch(
      on('GET', '/api/profile', () => ({ body: { name: 'Priya', email: 'priya@example.com' } })),
      on('PUT', '/api/profile', (_u, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return {
          body: {
            name: 'Priya',
            email: 'priya@example.com',
            pendingEmail: 'new@example.com',
            token: afterChange,
            message: PROFILE_MESSAGES.emailCodeSent,
          },
        };
      }),
      on('POST', '/api/profile/verify-email', (_u, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return {
          body: { name: 'Priya', email: 'new@example.com', token: afterVerify, message: PROFILE_MESSAGES.emailChanged },
        };
      }),
    );
    renderPage();
    const email = await screen.findByLabelText(/^Email/);
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.com');
    expect(await screen.findByLabelText(/^Current password/)).toHaveAccessibleDescription(
      'Needed to change your email.',
    );
    await waitFor(() => expect(submit()).toBeDisabled());
    await userEvent.type(screen.getByLabelText(/^Current password/), 'Factory#Pass1');
    await waitFor(() => expect(submit()).toBeEnabled());
    await userEvent.click(submit());

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(PROFILE_MESSAGES.emailCodeSent));
    expect(bodies[0]).toEqual({ name: 'Priya', email: 'new@example.com', currentPassword: 'Factory#Pass1' });
    expect(await screen.findByRole('heading', { name: 'Confirm your new email' })).toBeVisible();
    expect(screen.getByText('new@example.com')).toBeVisible();
    // Still the account's e-mail until verified; Resend waits out the cool-down of the code just sent.
    expect(screen.getByLabelText(/^Email/)).toHaveValue('priya@example.com');
    expect(screen.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();

    await userEvent.type(screen.getByLabelText(/Verification code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(PROFILE_MESSAGES.emailChanged));
    expect(bodies[1]).toEqual({ otp: '123456' });
    expect(localStorage.getItem('token')).toBe(afterVerify);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Confirm your new email' })).toBeNull());
    expect(screen.getByLabelText(/^Email/)).toHaveValue('new@example.com');
  });
});
