import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { invalidateResources } from '../../lib/use-resource';
import { renderAt } from '../../test/render';
import { forgetSavedTrips, saveTrip, savedTripKeys } from '../../pwa/saved-trips';
import HomePage from './home-page';

function stubApi(routes: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      const handler = routes[path];
      return Promise.resolve(handler ? handler() : new Response('[]', { status: 200 }));
    }),
  );
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const slides = [1, 2, 3].map((i) => ({ _id: `b${i}`, imageUrl: `/uploads/bg${i}-960.webp` }));

beforeEach(() => invalidateResources(''));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('HomePage', () => {
  it("shows 'No packages available at the moment.' for an empty list, and Why Choose Us", async () => {
    stubApi({ '/api/packages': () => json([]) });
    renderAt('/', <HomePage />);
    expect(await screen.findByText('No packages available at the moment.', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Why Choose Us' })).toBeInTheDocument();
    for (const title of ['Handpicked Destinations', 'Best Price Guarantee', '24/7 Support']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
  });

  it("shows the server's error message when the packages fail to load", async () => {
    stubApi({ '/api/packages': () => json({ message: 'Database unavailable' }, 503) });
    renderAt('/', <HomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Database unavailable');
  });

  it('changes the hero slide every 2 s; the first loads eagerly at high priority, later ones lazily', async () => {
    stubApi({ '/api/backgrounds': () => json(slides) });
    const { container } = renderAt('/', <HomePage />);
    const hero = container.querySelector('[data-active-slide]')!;
    await vi.waitFor(() => expect(hero.getAttribute('data-slide-count')).toBe('3'));
    const first = container.querySelector('img[data-slide="0"]')!;
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(container.querySelector('img[data-slide="1"]')).toHaveAttribute('loading', 'lazy');
    vi.useFakeTimers();
    // The interval was set before fake timers; re-render with a paused/played cycle to pick them up.
    act(() => screen.getByRole('button', { name: 'Pause slideshow' }).click());
    act(() => screen.getByRole('button', { name: 'Play slideshow' }).click());
    expect(hero.getAttribute('data-active-slide')).toBe('0');
    act(() => vi.advanceTimersByTime(1999));
    expect(hero.getAttribute('data-active-slide')).toBe('0');
    act(() => vi.advanceTimersByTime(1));
    expect(hero.getAttribute('data-active-slide')).toBe('1');
    act(() => vi.advanceTimersByTime(2000));
    expect(hero.getAttribute('data-active-slide')).toBe('2');
    act(() => vi.advanceTimersByTime(2000));
    expect(hero.getAttribute('data-active-slide')).toBe('0');
    // Paused, it stays put.
    act(() => screen.getByRole('button', { name: 'Pause slideshow' }).click());
    act(() => vi.advanceTimersByTime(10_000));
    expect(hero.getAttribute('data-active-slide')).toBe('0');
  });

  it('moves the hero with a swipe and the arrow keys, and the timer starts again from a manual move', async () => {
    stubApi({ '/api/backgrounds': () => json(slides) });
    const { container } = renderAt('/', <HomePage />);
    const hero = container.querySelector<HTMLElement>('[data-active-slide]')!;
    await vi.waitFor(() => expect(hero.getAttribute('data-slide-count')).toBe('3'));
    vi.useFakeTimers();
    act(() => screen.getByRole('button', { name: 'Pause slideshow' }).click());
    act(() => screen.getByRole('button', { name: 'Play slideshow' }).click());
    const swipe = (fromX: number, toX: number, dy = 0) => {
      fireEvent.touchStart(hero, { touches: [{ clientX: fromX, clientY: 300 }] });
      fireEvent.touchEnd(hero, { changedTouches: [{ clientX: toX, clientY: 300 + dy }] });
    };
    act(() => vi.advanceTimersByTime(1500));
    swipe(300, 100); // to the left: the next slide
    expect(hero.getAttribute('data-active-slide')).toBe('1');
    act(() => vi.advanceTimersByTime(1999));
    expect(hero.getAttribute('data-active-slide')).toBe('1');
    swipe(100, 300); // to the right: back
    expect(hero.getAttribute('data-active-slide')).toBe('0');
    swipe(100, 300); // and round to the last
    expect(hero.getAttribute('data-active-slide')).toBe('2');
    expect(container.querySelector('img[data-slide="2"]')).toHaveAttribute('data-active', 'true');
    swipe(300, 280); // a wobble
    swipe(300, 200, 300); // a scroll down the page
    expect(hero.getAttribute('data-active-slide')).toBe('2');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Pause slideshow' }), { key: 'ArrowRight' });
    expect(hero.getAttribute('data-active-slide')).toBe('0');
    fireEvent.keyDown(screen.getByRole('button', { name: 'Pause slideshow' }), { key: 'ArrowLeft' });
    expect(hero.getAttribute('data-active-slide')).toBe('2');
  });
});

describe('the trips on this device (D34)', () => {
  afterEach(() => forgetSavedTrips());

  it('lists only the trips kept by their link, newest first, and removes one from the device', async () => {
    stubApi({});
    const trip = (destination: string, travelDate: string | null) => ({ trip: { destination, travelDate } });
    saveTrip('link/tok-old', trip('Leh and Nubra', '2027-06-12'), new Date(Date.UTC(2026, 11, 1, 4)));
    saveTrip('link/tok-new', trip('Havelock and Neil', null), new Date(Date.UTC(2026, 11, 2, 4)));
    saveTrip('inquiry/abc', trip('Signed-in copy', null), new Date(Date.UTC(2026, 11, 3, 4)));
    renderAt('/', <HomePage />);
    const region = screen.getByRole('region', { name: 'Your trips on this device' });
    const links = within(region).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Havelock and Neil', '/trip/tok-new'],
      ['Leh and Nubra', '/trip/tok-old'],
    ]);
    expect(region).toHaveTextContent('From 12 Jun 2027');

    fireEvent.click(within(region).getByRole('button', { name: 'Remove from this device: Havelock and Neil' }));
    expect(screen.getByRole('region', { name: 'Your trip on this device' })).not.toHaveTextContent('Havelock');
    expect(savedTripKeys()).toEqual(['inquiry/abc', 'link/tok-old']);
    await act(async () => {});
  });

  it('shows nothing on a device that has opened no trip link', () => {
    stubApi({});
    renderAt('/', <HomePage />);
    expect(screen.queryByRole('region', { name: /on this device$/ })).toBeNull();
  });
});
