// Scroll on navigation: a new page starts at the top, Back returns to where the page was left, and taking
// over from ScrollToTop in the middle of a navigation still counts it as one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'wouter';
import { useHistory } from '../../lib/navigation';
import { renderAt } from '../../test/render';
import { ScrollRestoration } from './scroll-restoration';
import { shown } from './scroll-to-top';

let jumps: number[];
const original = window.scrollTo;
const scrollTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });

beforeEach(() => {
  jumps = [];
  delete shown.pathname;
  window.scrollTo = ((options: ScrollToOptions) => jumps.push(options.top ?? -1)) as typeof window.scrollTo;
});
afterEach(() => {
  window.scrollTo = original;
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

/** How the document was loaded, as the Navigation Timing entry says. */
const loadedBy = (type: NavigationTimingType) =>
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as PerformanceNavigationTiming]);

function Controls() {
  const [, navigate] = useLocation();
  const { entry, go } = useHistory();
  return (
    <>
      <output data-testid="at">{entry.pathname + entry.search}</output>
      <button onClick={() => navigate('/packages/p1')}>open</button>
      <button onClick={() => navigate('/packages?search=goa')}>search</button>
      <button onClick={() => go(-1)}>back</button>
      <button onClick={() => go(1)}>forward</button>
    </>
  );
}

/** Back or Forward: jsdom, as a browser, moves through the history in a task of its own. */
async function travel(button: 'back' | 'forward', to: string) {
  await userEvent.click(screen.getByRole('button', { name: button }));
  await waitFor(() => expect(screen.getByTestId('at')).toHaveTextContent(to));
}

describe('ScrollRestoration', () => {
  it('starts a new page at the top and returns to the position left on Back and Forward', async () => {
    renderAt(
      '/packages',
      <>
        <ScrollRestoration />
        <Controls />
      </>,
    );
    expect(jumps).toEqual([]);
    scrollTo(1800);
    await userEvent.click(screen.getByRole('button', { name: 'search' }));
    expect(jumps).toEqual([]); // the same page, another query
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(jumps).toEqual([0]);
    scrollTo(400);
    await travel('back', '/packages?search=goa');
    expect(jumps.at(-1)).toBe(1800);
    await travel('forward', '/packages/p1');
    expect(jumps.at(-1)).toBe(400);
  });

  it("restores the first entry's position on a reload, not on a fresh load of the tab's next page", () => {
    // Left 1800 px down on a page loaded afresh, whose entry has the key 'default' like every first entry.
    window.sessionStorage.setItem('scroll-positions', JSON.stringify([['default', 1800]]));
    loadedBy('reload');
    const reloaded = renderAt('/create-package', <ScrollRestoration />);
    expect(jumps).toEqual([1800]);
    // Another URL typed in the same tab: a new document, which starts where the browser put it, at the top.
    reloaded.unmount();
    jumps = [];
    delete shown.pathname;
    loadedBy('navigate');
    renderAt('/packages/edit/p1', <ScrollRestoration />);
    expect(jumps).toEqual([]);
  });

  it('counts a navigation it arrives in the middle of', () => {
    shown.pathname = '/packages';
    renderAt('/packages/p1', <ScrollRestoration />);
    expect(jumps).toEqual([0]);
  });
});
