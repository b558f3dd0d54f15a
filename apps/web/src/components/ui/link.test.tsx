// The app's links over wouter's: a plain click navigates, other clicks are the browser's, a link to the page
// shown replaces its entry, and a NavLink says which page is current.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useHistory } from '../../lib/navigation';
import { renderAt } from '../../test/render';
import { Link, NavLink } from './link';

function Where() {
  const { entry, action } = useHistory();
  return (
    <output data-testid="where" data-action={action}>
      {entry.pathname + entry.search}
    </output>
  );
}
const where = () => screen.getByTestId('where');

describe('Link', () => {
  it('navigates on a plain click, pushing an entry', async () => {
    renderAt(
      '/',
      <>
        <Link to="/packages?search=goa">Packages</Link>
        <Where />
      </>,
    );
    const link = screen.getByRole('link', { name: 'Packages' });
    expect(link).toHaveAttribute('href', '/packages?search=goa');
    const entries = window.history.length;
    await userEvent.click(link);
    expect(where()).toHaveTextContent('/packages?search=goa');
    expect(where()).toHaveAttribute('data-action', 'PUSH');
    expect(window.history.length).toBe(entries + 1);
  });

  it('leaves a click with a modifier key to the browser', () => {
    renderAt(
      '/',
      <>
        <Link to="/about">About</Link>
        <Where />
      </>,
    );
    // Whether the link took the click from the browser; the browser's own navigation is then stopped here.
    const tookOver = (init?: MouseEventInit) => {
      let prevented = false;
      const record = (event: Event) => {
        prevented = event.defaultPrevented;
        event.preventDefault();
      };
      document.addEventListener('click', record, { once: true });
      fireEvent.click(screen.getByRole('link', { name: 'About' }), init);
      return prevented;
    };
    expect(tookOver({ ctrlKey: true })).toBe(false);
    expect(tookOver({ metaKey: true })).toBe(false);
    expect(where()).toHaveTextContent(/^\/$/);
    expect(tookOver()).toBe(true);
    expect(where()).toHaveTextContent('/about');
  });

  it('replaces the entry of the page already shown rather than stacking a duplicate', async () => {
    renderAt(
      '/packages',
      <>
        <Link to="/packages">All Packages</Link>
        <Where />
      </>,
    );
    const entries = window.history.length;
    await userEvent.click(screen.getByRole('link', { name: 'All Packages' }));
    expect(where()).toHaveAttribute('data-action', 'REPLACE');
    expect(window.history.length).toBe(entries);
  });
});

describe('NavLink', () => {
  it('marks the current page, below it too unless `end`', () => {
    const cls = ({ isActive }: { isActive: boolean }) => (isActive ? 'on' : 'off');
    renderAt(
      '/packages/p1',
      <>
        <NavLink to="/packages" end className={cls}>
          Exact
        </NavLink>
        <NavLink to="/Packages" className={cls}>
          Prefix
        </NavLink>
        <NavLink to="/pack" className={cls}>
          Partial
        </NavLink>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Exact' })).toHaveClass('off');
    expect(screen.getByRole('link', { name: 'Exact' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Prefix' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Prefix' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Partial' })).toHaveClass('off');
  });
});
