import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import type { TourPackage } from '@safarnama/contract/packages';
import { invalidateResources } from '../../lib/use-resource';
import { renderAt } from '../../test/render';
import PackageDetailsPage from './package-details-page';

const pkg: TourPackage = {
  _id: 'p1',
  name: 'Golden Triangle',
  description: '',
  price: 45500,
  duration: 5,
  images: ['/uploads/a-960.webp', '/uploads/b-960.webp', '/uploads/c-960.webp'],
  packageOverview: 'See **Delhi**, Agra and Jaipur.',
  tourItinerary: '**Day 1:** Delhi\n**Day 2:** Agra',
  inclusions: ['Breakfast **daily**'],
  exclusions: ['Flights'],
  importantNotes: ['Carry ID'],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

function stubFetch(response: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) =>
      Promise.resolve(
        input.includes('/api/packages/') ? response() : new Response(JSON.stringify({}), { status: 404 }),
      ),
    ),
  );
}
const renderPage = () =>
  renderAt(
    '/packages/p1',
    <Switch>
      <Route path="/packages/:id">
        <PackageDetailsPage />
      </Route>
    </Switch>,
  );

beforeEach(() => invalidateResources(''));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('PackageDetailsPage', () => {
  it('shows the package with its sections, rendered bold markers and booking actions', async () => {
    stubFetch(() => new Response(JSON.stringify(pkg)));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Golden Triangle' })).toBeInTheDocument();
    for (const title of ['Overview', 'Tour Itinerary', 'Inclusions', 'Exclusions', 'Important Notes']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    const itinerary = screen.getByRole('region', { name: 'Tour Itinerary' });
    expect(within(itinerary).getByText('Day 1:').tagName).toBe('STRONG');
    expect(itinerary.querySelectorAll('br')).toHaveLength(1);
    expect(screen.getAllByText('₹45,500')[0]).toBeInTheDocument();
    expect(screen.getAllByText('5 Days')[0]).toBeInTheDocument();
    // An empty description shows 'Not specified'.
    expect(screen.getAllByText('Not specified').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Book Now' })[0]).toHaveAttribute(
      'href',
      '/contact?package=Golden+Triangle&duration=5+Days&packageId=p1',
    );
    // The title is set in an effect, which may run a moment after the heading renders.
    await waitFor(() => expect(document.title).toBe('Golden Triangle | Safarnama'));
  });

  it('toggles the like button locally', async () => {
    stubFetch(() => new Response(JSON.stringify(pkg)));
    renderPage();
    const like = await screen.findByRole('button', { name: 'Like this package' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(like);
    expect(like).toHaveAttribute('aria-pressed', 'true');
  });

  it('advances the carousel every 5 s and pauses while hovered', async () => {
    stubFetch(() => new Response(JSON.stringify(pkg)));
    renderPage();
    const carousel = await screen.findByRole('region', { name: 'Photos of Golden Triangle' });
    vi.useFakeTimers();
    // Restart the timer under fake timers by a manual move, then back.
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(carousel).toHaveAttribute('data-active-index', '0');
    act(() => vi.advanceTimersByTime(4999));
    expect(carousel).toHaveAttribute('data-active-index', '0');
    act(() => vi.advanceTimersByTime(1));
    expect(carousel).toHaveAttribute('data-active-index', '1');
    expect(screen.getByRole('button', { name: 'Show image 2 of 3' })).toHaveAttribute('aria-current', 'true');
    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(20_000));
    expect(carousel).toHaveAttribute('data-active-index', '1');
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(5000));
    expect(carousel).toHaveAttribute('data-active-index', '2');
  });

  it("shows the server's message, or 'Failed to fetch package details'", async () => {
    stubFetch(() => new Response(JSON.stringify({ message: 'Package not found' }), { status: 404 }));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Package not found');
  });

  it("falls back to 'Failed to fetch package details' when the server cannot be reached", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch package details');
  });
});
