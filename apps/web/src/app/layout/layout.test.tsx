import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../router';
import { fakeToken, renderAt } from '../../test/render';
import { on, stubFetch } from '../../test/query';
import { invalidateResources } from '../../lib/use-resource';

afterEach(() => vi.unstubAllGlobals());

describe('layout', () => {
  it('shows All Packages, Login and Register when logged out', async () => {
    renderAt('/', <AppRoutes />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'All Packages' })).toHaveAttribute('href', '/packages');
    expect(within(nav).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Register' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('shows Update Profile, the role dashboard and Logout when logged in', () => {
    localStorage.setItem('token', fakeToken('Staff'));
    renderAt('/', <AppRoutes />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Update Profile' })).toHaveAttribute('href', '/profile-update');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/staff-dashboard');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('forgets the unsent form input kept in the tab at Logout', async () => {
    localStorage.setItem('token', fakeToken('Staff'));
    sessionStorage.setItem('safarnama.draft:u1:inquiry-edit:i1', JSON.stringify({ values: { location: 'Goa' } }));
    sessionStorage.setItem('unrelated', 'kept');
    renderAt('/', <AppRoutes />);
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Logout' }),
    );
    // Logout first asks the offline queue whether anything waits (D34), so the session ends a moment later.
    await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Login' });
    expect(sessionStorage.getItem('safarnama.draft:u1:inquiry-edit:i1')).toBeNull();
    expect(sessionStorage.getItem('unrelated')).toBe('kept');
  });

  it('treats an undecodable or expired token as logged out', () => {
    localStorage.setItem('token', 'not-a-token');
    renderAt('/', <AppRoutes />);
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('opens and closes the mobile menu with an accessible button', async () => {
    renderAt('/', <AppRoutes />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById('mobile-menu')).toBeInTheDocument();
    await userEvent.click(within(document.getElementById('mobile-menu')!).getByRole('link', { name: 'Login' }));
    // Navigating closes it.
    await waitFor(() => expect(document.getElementById('mobile-menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the mobile menu on Escape and puts focus back on its button', async () => {
    renderAt('/', <AppRoutes />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const close = screen.getByRole('button', { name: 'Close menu' });
    within(document.getElementById('mobile-menu')!).getByRole('link', { name: 'All Packages' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(document.getElementById('mobile-menu')).not.toBeInTheDocument();
    expect(close).toHaveAccessibleName('Open menu');
    expect(close).toHaveFocus();
  });

  it('shows the 404 page for unknown paths', async () => {
    renderAt('/no/such/page', <AppRoutes />);
    expect(await screen.findByRole('heading', { name: '404 - Page Not Found' })).toBeInTheDocument();
  });

  it('sends a visitor without a session from a guarded page to login', async () => {
    renderAt('/owner-dashboard', <AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it('has a footer with quick links and terms, and the WhatsApp button once settings load', () => {
    renderAt('/', <AppRoutes />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Packages' })).toHaveAttribute('href', '/packages');
    expect(within(footer).getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about');
    expect(within(footer).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(footer).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/faq');
  });

  it('floats the WhatsApp button over public pages only, never over the back office (it covered Edit and Delete)', async () => {
    invalidateResources('site');
    stubFetch(
      on('GET', '/api/site', () => ({
        body: { name: 'Safarnama', phone: '', email: '', whatsapp: '919876543210', social: {} },
      })),
      () => ({ body: [] }),
    );
    const { unmount } = renderAt('/packages', <AppRoutes />);
    expect(await screen.findByRole('link', { name: 'Chat with us on WhatsApp' })).toBeInTheDocument();
    unmount();
    localStorage.setItem('token', fakeToken('Staff'));
    for (const path of ['/all-inquiries', '/staff-dashboard', '/profile-update']) {
      const view = renderAt(path, <AppRoutes />);
      expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Chat with us on WhatsApp' }), path).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('shows in the footer only the social links the agency set, and no heading without any', async () => {
    invalidateResources('site');
    const site = { name: 'Safarnama', phone: '', email: '', whatsapp: '', social: {} as Record<string, string> };
    stubFetch(
      on('GET', '/api/site', () => ({ body: site })),
      () => ({ body: [] }),
    );
    const { unmount } = renderAt('/', <AppRoutes />);
    const footer = screen.getByRole('contentinfo');
    await waitFor(() => expect(within(footer).queryByRole('heading', { name: 'Follow us' })).not.toBeInTheDocument());
    unmount();

    invalidateResources('site');
    site.social = { instagram: 'https://instagram.com/our.agency' };
    renderAt('/', <AppRoutes />);
    const links = await within(screen.getByRole('contentinfo')).findByRole('heading', { name: 'Follow us' });
    const list = links.nextElementSibling as HTMLElement;
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['https://instagram.com/our.agency']);
  });
});
