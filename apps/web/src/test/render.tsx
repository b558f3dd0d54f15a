// Renders a component inside the app's router and session, at a given path.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from '../lib/router';
import { SessionProvider } from '../lib/session';

export function renderAt(path: string, ui: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider>{ui}</SessionProvider>
    </MemoryRouter>,
  );
}

/** An unsigned token with the claims the web reads (the server is not involved in these tests). */
export function fakeToken(role: 'Owner' | 'Staff' | 'Customer', expInSeconds = 3600) {
  const enc = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const now = Math.floor(Date.now() / 1000);
  return `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc({ sub: 'u1', role, name: 'Test User', iat: now, exp: now + expInSeconds })}.sig`;
}
