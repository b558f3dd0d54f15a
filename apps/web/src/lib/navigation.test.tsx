// The app's router (lib/navigation.tsx over lib/history.ts, with wouter's routes): history entries, navigation
// types, state, Back, search params and transitions, as the pages rely on them. jsdom's History API stands
// in for the browser's.
import { Suspense, lazy, useCallback, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Redirect, Route, Switch, useLocation, useParams } from 'wouter';
import { renderAt } from '../test/render';
import { matchPath } from './match-path';
import { useBeforeNavigation, useHistory, useSearchParams } from './navigation';

function Where() {
  const { entry, action } = useHistory();
  return (
    <output data-testid="where" data-key={entry.key} data-state={JSON.stringify(entry.state)} data-action={action}>
      {entry.pathname + entry.search}
    </output>
  );
}
const where = () => screen.getByTestId('where');

function Controls() {
  const [, navigate] = useLocation();
  const { go } = useHistory();
  return (
    <>
      <button onClick={() => navigate('/a')}>a</button>
      <button onClick={() => navigate('/b', { replace: true, state: { from: '/a' } })}>replace with b</button>
      <button onClick={() => go(-1)}>back</button>
    </>
  );
}

/** Back, which jsdom (as a browser) carries out in a task of its own. */
async function back(to: string) {
  await userEvent.click(screen.getByRole('button', { name: 'back' }));
  await waitFor(() => expect(where()).toHaveTextContent(new RegExp(`^${to.replace(/[?]/g, '\\?')}$`)));
}

describe('matchPath', () => {
  it('matches whole paths, ignoring case and a trailing slash, and names the params', () => {
    expect(matchPath('/packages/:id', '/Packages/p1/')).toMatchObject({ id: 'p1' });
    expect(matchPath('/packages/:id', '/packages')).toBeNull();
    expect(matchPath('/packages/:id', '/packages/1/more')).toBeNull();
    expect(matchPath('/packages', '/packagesx')).toBeNull();
    expect(matchPath('/', '/')).not.toBeNull();
  });
});

describe('routes', () => {
  function Param() {
    const { id } = useParams();
    return <p>{`id: ${id}`}</p>;
  }
  const routes = (
    <Switch>
      <Route path="/packages/edit/:id">
        <p>edit</p>
      </Route>
      <Route path="/packages/:id">
        <Param />
      </Route>
      <Route>
        <p>not found</p>
      </Route>
    </Switch>
  );

  it('renders the route of the path in any case, with its params decoded, and the last route for others', () => {
    const { unmount } = renderAt('/PACKAGES/a%20b', routes);
    expect(screen.getByText('id: a b')).toBeInTheDocument();
    unmount();
    renderAt('/packages/edit/p1', routes);
    expect(screen.getByText('edit')).toBeInTheDocument();
    renderAt('/no/such/page', routes);
    expect(screen.getByText('not found')).toBeInTheDocument();
  });
});

describe('history', () => {
  it("starts on the document's entry (key 'default', POP), pushes and replaces with fresh keys, and goes back", async () => {
    renderAt(
      '/start',
      <>
        <Controls />
        <Where />
      </>,
    );
    expect(where()).toHaveTextContent('/start');
    expect(where()).toHaveAttribute('data-key', 'default');
    expect(where()).toHaveAttribute('data-action', 'POP');

    await userEvent.click(screen.getByRole('button', { name: 'a' }));
    expect(window.location.pathname).toBe('/a');
    expect(where()).toHaveAttribute('data-action', 'PUSH');
    const pushedKey = where().getAttribute('data-key');
    expect(pushedKey).not.toBe('default');

    await userEvent.click(screen.getByRole('button', { name: 'replace with b' }));
    expect(where()).toHaveTextContent('/b');
    expect(where()).toHaveAttribute('data-action', 'REPLACE');
    expect(where()).toHaveAttribute('data-state', JSON.stringify({ from: '/a' }));
    expect(where().getAttribute('data-key')).not.toBe(pushedKey);

    await back('/start');
    expect(where()).toHaveAttribute('data-key', 'default');
    expect(where()).toHaveAttribute('data-action', 'POP');
  });

  it('carries the state of a <Redirect>, as the guard sends a visitor to login', () => {
    renderAt(
      '/secret?x=1',
      <>
        <Switch>
          <Route path="/secret">
            <Redirect to="/login" replace state={{ from: '/secret?x=1' }} />
          </Route>
          <Route path="/login">
            <p>login</p>
          </Route>
        </Switch>
        <Where />
      </>,
    );
    expect(screen.getByText('login')).toBeInTheDocument();
    expect(where()).toHaveAttribute('data-state', JSON.stringify({ from: '/secret?x=1' }));
  });

  it('tells useBeforeNavigation of a navigation and of Back while the page being left is still on screen', async () => {
    const seen: string[] = [];
    function Spy() {
      const record = useCallback(() => seen.push(screen.getByTestId('where').textContent ?? ''), []);
      useBeforeNavigation(record);
      return null;
    }
    renderAt(
      '/start',
      <>
        <Spy />
        <Controls />
        <Where />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'a' }));
    expect(where()).toHaveTextContent('/a');
    await back('/start');
    expect(seen).toEqual(['/start', '/a']);
  });

  it('keeps the page being left on screen while the next one loads, without the loading fallback', async () => {
    let arrive!: () => void;
    const Next = lazy(
      () =>
        new Promise<{ default: () => ReactElement }>((resolve) => {
          arrive = () => resolve({ default: () => <p>next page</p> });
        }),
    );
    renderAt(
      '/start',
      <>
        <Suspense fallback={<p>loading</p>}>
          <Switch>
            <Route path="/a">
              <Next />
            </Route>
            <Route>
              <p>first page</p>
            </Route>
          </Switch>
        </Suspense>
        <Controls />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'a' }));
    expect(screen.getByText('first page')).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    await act(async () => arrive());
    expect(await screen.findByText('next page')).toBeInTheDocument();
    expect(screen.queryByText('first page')).not.toBeInTheDocument();
  });
});

describe('useSearchParams', () => {
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
        <button onClick={() => setParams({ q: '50%25 off' }, { replace: true })}>percent</button>
        <button onClick={() => setParams({})}>clear</button>
      </>
    );
  }

  it('reads and updates the query string, composing functional updates', async () => {
    renderAt(
      '/packages?sort=name',
      <>
        <Search />
        <Where />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'search' }));
    expect(where()).toHaveTextContent('/packages?sort=name&q=kerala&page=2');
    expect(where()).toHaveAttribute('data-action', 'PUSH');
    expect(screen.getByText('q=kerala')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'clear' }));
    expect(where()).toHaveTextContent(/^\/packages$/);
  });

  it('gives back a value as it was set, percent signs and all', async () => {
    renderAt('/packages', <Search />);
    await userEvent.click(screen.getByRole('button', { name: 'percent' }));
    expect(screen.getByText('q=50%25 off')).toBeInTheDocument();
  });
});
