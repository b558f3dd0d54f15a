// Issue 7 point 1: which role reaches which signed-in page; a wrong role lands on its own dashboard.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { useLocation } from 'wouter';
import { fakeToken, renderAt } from '../test/render';
import { AppRoutes } from './router';

function Probe() {
  const [pathname] = useLocation();
  return <output data-testid="path">{pathname}</output>;
}

function landingOf(path: string, role?: 'Owner' | 'Staff' | 'Customer') {
  if (role) localStorage.setItem('token', fakeToken(role));
  const view = renderAt(
    path,
    <>
      <AppRoutes />
      <Probe />
    </>,
  );
  return () => view.getByTestId('path').textContent;
}

/** Enough of each answer for the pages to render; every other call gets an empty list. */
const ANSWERS: Record<string, unknown> = {
  '/api/site': { name: 'Safarnama', phone: '', email: '', whatsapp: '', social: {} },
  '/api/dashboard/stats': {
    totalPackages: 0,
    activeInquiries: 0,
    pendingInquiries: 0,
    inquiriesThisMonth: 0,
    latestInquiries: [],
  },
  '/api/profile': { name: 'Test User', email: 'test@example.com' },
  '/api/dashboard/payments': { dueThisWeek: [], overdue: [], dueThisWeekTotal: 0, overdueTotal: 0 },
};

beforeEach(() => {
  // The pages' own calls are not under test here.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      return Response.json(ANSWERS[path] ?? []);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const OWNER_ONLY = [
  '/owner-dashboard',
  '/create-package',
  '/manage-packages',
  '/packages/edit/p1',
  '/manage-staff',
  '/background-images',
];
const BACK_OFFICE = ['/staff-dashboard', '/all-inquiries', '/inquiries/edit/i1'];
const ANY_USER = ['/create-inquiry', '/inquiries/view/i1', '/profile-update'];

/**
 * Each landing waits for lazy chunks (the signed-in pages, the page, the editor's quotation panel), which a test
 * run on a busy machine may take over waitFor's default second to load the first time.
 */
const CHUNKS_LOADED = { timeout: 5000 };

describe('route access by role', () => {
  it.each([...OWNER_ONLY, ...BACK_OFFICE, ...ANY_USER, '/customer-dashboard'])(
    'no session: %s → /login',
    async (path) => {
      const at = landingOf(path);
      await waitFor(() => expect(at()).toBe('/login'), CHUNKS_LOADED);
    },
  );

  it.each([...OWNER_ONLY, ...BACK_OFFICE, ...ANY_USER])('Owner reaches %s', async (path) => {
    const at = landingOf(path, 'Owner');
    await waitFor(() => expect(at()).toBe(path), CHUNKS_LOADED);
  });

  it.each([...BACK_OFFICE, ...ANY_USER, '/packages'])('Staff reach %s', async (path) => {
    const at = landingOf(path, 'Staff');
    await waitFor(() => expect(at()).toBe(path), CHUNKS_LOADED);
  });

  it.each([...OWNER_ONLY, '/customer-dashboard'])('Staff are sent from %s to their dashboard', async (path) => {
    const at = landingOf(path, 'Staff');
    await waitFor(() => expect(at()).toBe('/staff-dashboard'), CHUNKS_LOADED);
  });

  it.each([...ANY_USER, '/customer-dashboard'])('a Customer reaches %s', async (path) => {
    const at = landingOf(path, 'Customer');
    await waitFor(() => expect(at()).toBe(path), CHUNKS_LOADED);
  });

  it.each([...OWNER_ONLY, ...BACK_OFFICE])('a Customer is sent from %s to their dashboard', async (path) => {
    const at = landingOf(path, 'Customer');
    await waitFor(() => expect(at()).toBe('/customer-dashboard'), CHUNKS_LOADED);
  });
});
