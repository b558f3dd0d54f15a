// The app's router (lib/router.tsx): matching and ranking, nested layouts, links, redirects, search params
// and history, as the pages rely on them.
import { useCallback } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BrowserRouter,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useBeforeNavigation,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from './router';

function Where() {
  const location = useLocation();
  const navigationType = useNavigationType();
  return (
    <output
      data-testid="where"
      data-key={location.key}
      data-state={JSON.stringify(location.state)}
      data-navigation={navigationType}
    >
      {location.pathname + location.search}
    </output>
  );
}

const where = () => screen.getByTestId('where');

function Layout() {
  return (
    <div data-testid="layout">
      <Outlet />
    </div>
  );
}

function Param({ name }: { name: string }) {
  const params = useParams();
  return <p>{`${name}: ${params[name] ?? ''}`}</p>;
}

function App({ at }: { at: string }) {
  return (
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route element={<Layout />}>
          <Route index element={<p>home</p>} />
          <Route path="packages" element={<p>list</p>} />
          <Route path="packages/:id" element={<Param name="id" />} />
          <Route path="packages/edit/:id" element={<p>edit</p>} />
          <Route path="packages/featured" element={<p>featured</p>} />
          <Route path="*" element={<Param name="*" />} />
        </Route>
      </Routes>
      <Where />
    </MemoryRouter>
  );
}

describe('matchPath', () => {
  it('matches whole paths, ignoring case and trailing slashes, and decodes params', () => {
    expect(matchPath('/packages/:id', '/Packages/a%20b/')?.params).toEqual({ id: 'a b' });
    expect(matchPath('/packages/:id', '/packages')).toBeNull();
    expect(matchPath('/packages/:id', '/packages/1/more')).toBeNull();
    expect(matchPath('/packages', '/packagesx')).toBeNull();
    expect(matchPath('/files/*', '/files/a/b')?.params).toEqual({ '*': 'a/b' });
    expect(matchPath('/', '/')).not.toBeNull();
  });
});

describe('Routes', () => {
  it('renders the index route inside its layout', () => {
    render(<App at="/" />);
    expect(screen.getByTestId('layout')).toHaveTextContent('home');
  });

  it('prefers static segments over params and params over the splat, whatever the order', () => {
    const { unmount } = render(<App at="/packages/featured" />);
    expect(screen.getByText('featured')).toBeInTheDocument();
    unmount();
    render(<App at="/packages/p1" />);
    expect(screen.getByText('id: p1')).toBeInTheDocument();
  });

  it('matches deeper patterns by segment count and falls back to the splat', () => {
    const { unmount } = render(<App at="/packages/edit/p1" />);
    expect(screen.getByText('edit')).toBeInTheDocument();
    unmount();
    render(<App at="/no/such/page" />);
    expect(screen.getByText('*: no/such/page')).toBeInTheDocument();
  });

  it('accepts absolute paths on top-level routes, as the tests of single pages use', () => {
    render(
      <MemoryRouter initialEntries={['/inquiries/edit/i9']}>
        <Routes>
          <Route path="/inquiries/edit/:inquiryId" element={<Param name="inquiryId" />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('inquiryId: i9')).toBeInTheDocument();
  });
});

describe('Link and NavLink', () => {
  it('navigates on a plain click, pushing a new entry with a fresh key', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Link to="/packages?search=goa">Packages</Link>
        <Where />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Packages' });
    expect(link).toHaveAttribute('href', '/packages?search=goa');
    expect(where()).toHaveAttribute('data-key', 'default');
    await userEvent.click(link);
    expect(where()).toHaveTextContent('/packages?search=goa');
    expect(where().getAttribute('data-key')).not.toBe('default');
  });

  it('leaves modified clicks and other targets to the browser', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Link to="/about">About</Link>
        <Link to="/faq" target="_blank">
          FAQ
        </Link>
        <Where />
      </MemoryRouter>,
    );
    // Whether the link took the click from the browser; the browser's own navigation is then stopped here.
    const tookOver = (name: string, init?: MouseEventInit) => {
      let prevented = false;
      const record = (event: Event) => {
        prevented = event.defaultPrevented;
        event.preventDefault();
      };
      document.addEventListener('click', record, { once: true });
      fireEvent.click(screen.getByRole('link', { name }), init);
      return prevented;
    };
    expect(tookOver('About', { ctrlKey: true })).toBe(false);
    expect(tookOver('FAQ')).toBe(false);
    expect(where()).toHaveTextContent(/^\/$/);
    expect(tookOver('About')).toBe(true);
    expect(where()).toHaveTextContent('/about');
  });

  it('marks the active NavLink, respecting `end`', () => {
    render(
      <MemoryRouter initialEntries={['/packages/p1']}>
        <NavLink to="/packages" end className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Exact
        </NavLink>
        <NavLink to="/packages" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Prefix
        </NavLink>
        <NavLink to="/pack" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Partial
        </NavLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Exact' })).toHaveClass('off');
    expect(screen.getByRole('link', { name: 'Prefix' })).toHaveClass('on');
    expect(screen.getByRole('link', { name: 'Prefix' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Partial' })).toHaveClass('off');
  });
});

describe('navigation', () => {
  it('redirects with <Navigate>, carrying state', () => {
    render(
      <MemoryRouter initialEntries={['/secret?x=1']}>
        <Routes>
          <Route path="/secret" element={<Navigate to="/login" replace state={{ from: '/secret?x=1' }} />} />
          <Route path="/login" element={<p>login</p>} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByText('login')).toBeInTheDocument();
    expect(where()).toHaveAttribute('data-state', JSON.stringify({ from: '/secret?x=1' }));
  });

  it('goes back with navigate(-1)', async () => {
    function Controls() {
      const navigate = useNavigate();
      return (
        <>
          <button onClick={() => navigate('/a')}>a</button>
          <button onClick={() => navigate(-1)}>back</button>
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/start']}>
        <Controls />
        <Where />
      </MemoryRouter>,
    );
    expect(where()).toHaveAttribute('data-navigation', 'POP');
    await userEvent.click(screen.getByRole('button', { name: 'a' }));
    expect(where()).toHaveTextContent('/a');
    expect(where()).toHaveAttribute('data-navigation', 'PUSH');
    await userEvent.click(screen.getByRole('button', { name: 'back' }));
    expect(where()).toHaveTextContent('/start');
    expect(where()).toHaveAttribute('data-key', 'default');
    expect(where()).toHaveAttribute('data-navigation', 'POP');
  });

  it('reads and updates search params, composing functional updates', async () => {
    function Search() {
      const [params, setParams] = useSearchParams();
      return (
        <>
          <p>{`q=${params.get('q') ?? ''}`}</p>
          <button
            onClick={() => {
              setParams((prev) => ({ ...Object.fromEntries(prev), q: 'kerala' }));
              setParams((prev) => {
                const next = new URLSearchParams(prev);
                next.set('page', '2');
                return next;
              });
            }}
          >
            search
          </button>
          <button onClick={() => setParams({})}>clear</button>
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/packages?sort=name']}>
        <Search />
        <Where />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'search' }));
    expect(where()).toHaveTextContent('/packages?sort=name&q=kerala&page=2');
    expect(screen.getByText('q=kerala')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(where()).toHaveTextContent(/^\/packages$/);
  });
});

describe('BrowserRouter', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('follows the History API: pushState on navigation, the back button through popstate', async () => {
    window.history.replaceState(null, '', '/start');
    render(
      <BrowserRouter>
        <Link to="/next" state={{ from: 'start' }}>
          next
        </Link>
        <Where />
      </BrowserRouter>,
    );
    expect(where()).toHaveTextContent('/start');
    expect(where()).toHaveAttribute('data-key', 'default');
    await userEvent.click(screen.getByRole('link', { name: 'next' }));
    expect(window.location.pathname).toBe('/next');
    expect(where()).toHaveAttribute('data-state', JSON.stringify({ from: 'start' }));
    expect(where()).toHaveAttribute('data-navigation', 'PUSH');
    await act(async () => {
      window.history.back();
      await new Promise<void>((resolve) => window.addEventListener('popstate', () => resolve(), { once: true }));
    });
    expect(where()).toHaveTextContent('/start');
    expect(where()).toHaveAttribute('data-navigation', 'POP');
  });
  it('tells useBeforeNavigation of a link and of Back while the page being left is still on screen', async () => {
    window.history.replaceState(null, '', '/start');
    const seen: string[] = [];
    function Spy() {
      const record = useCallback(() => seen.push(screen.getByTestId('where').textContent ?? ''), []);
      useBeforeNavigation(record);
      return null;
    }
    render(
      <BrowserRouter>
        <Spy />
        <Link to="/next">next</Link>
        <Where />
      </BrowserRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'next' }));
    expect(where()).toHaveTextContent('/next');
    await act(async () => {
      window.history.back();
      await new Promise<void>((resolve) => window.addEventListener('popstate', () => resolve(), { once: true }));
    });
    expect(where()).toHaveTextContent('/start');
    expect(seen).toEqual(['/start', '/next']);
  });
});
