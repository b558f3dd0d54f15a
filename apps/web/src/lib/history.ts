// The tab's session history as the app navigates it: wouter matches and links (app/app-router.tsx), this keeps
// what wouter's own browser location does not — a key per entry (where scroll positions are kept), how the
// entry was reached (Back and Forward restore a position, a new page starts at the top), the state a
// navigation carries (login's way back) and a word to listeners before anything renders.

export interface HistoryEntry {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** 'default' for the entry the document was loaded on, a fresh id for every navigation since. */
  key: string;
}

/** How the current entry was reached: POP for Back, Forward and the first load. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface AppHistory {
  entry(): HistoryEntry;
  action(): NavigationType;
  /** Goes to an absolute path (`/a?b#c`), pushing an entry or replacing the current one. */
  navigate(to: string, options?: NavigateOptions): void;
  go(delta: number): void;
  /** Called on every navigation, after the entry changed and before React renders it. */
  listen(listener: () => void): () => void;
}

/** What the app keeps in `history.state` beside the navigation's own state. */
interface StoredState {
  usr?: unknown;
  key?: string;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

export function createBrowserHistory(): AppHistory {
  const listeners = new Set<() => void>();
  let current: HistoryEntry | undefined;
  let action: NavigationType = 'POP';
  const read = (): HistoryEntry => {
    const stored = window.history.state as StoredState | null;
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, state: stored?.usr ?? null, key: stored?.key ?? 'default' };
  };
  const notify = (next: NavigationType) => {
    action = next;
    current = read();
    listeners.forEach((listener) => listener());
  };
  const onPop = () => notify('POP');
  return {
    entry: () => (current ??= read()),
    action: () => action,
    navigate(to, { replace = false, state = null } = {}) {
      const stored: StoredState = { usr: state, key: newKey() };
      if (replace) window.history.replaceState(stored, '', to);
      else window.history.pushState(stored, '', to);
      notify(replace ? 'REPLACE' : 'PUSH');
    },
    go: (delta) => window.history.go(delta),
    listen(listener) {
      if (listeners.size === 0) window.addEventListener('popstate', onPop);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('popstate', onPop);
      };
    },
  };
}
