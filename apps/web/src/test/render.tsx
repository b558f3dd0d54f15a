// Renders a component inside the app's router and session, at a given path. The router runs over jsdom's
// History API, as it runs over the browser's (lib/history.ts): the entry a test starts on is the first
// entry of a freshly loaded document, with no state and the key 'default'.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { AppRouter } from '../lib/navigation';
import { SessionProvider } from '../lib/session';

/** Puts the tab at `path`, as if the document had just been loaded there. */
function startAt(path: string) {
  window.history.replaceState(null, '', path);
}

export function renderAt(path: string, ui: ReactElement) {
  startAt(path);
  return render(
    <AppRouter>
      <SessionProvider>{ui}</SessionProvider>
    </AppRouter>,
  );
}

/** An unsigned token with the claims the web reads (the server is not involved in these tests). */
export function fakeToken(role: 'Owner' | 'Staff' | 'Customer', expInSeconds = 3600) {
  const enc = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const now = Math.floor(Date.now() / 1000);
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ sub: 'u1', role, name: 'Test User', iat: now, exp: now + expInSeconds })}.sig`;
}
