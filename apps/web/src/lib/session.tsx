// The session (spec §4): a stored token restores it; login stores one; logout, an undecodable or expired
// token, or a 401 from the API (D16) clears it.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { SESSION_MESSAGES } from '@safarnama/contract/site-rules';
import { setUnauthorizedHandler } from './api-client';
import { decodeToken, isExpired, type SessionClaims } from './jwt';
import { TOKEN_STORAGE_KEY, readToken, writeToken } from './token-storage';
import { notify } from './notify';

export interface Session {
  token: string | null;
  user: SessionClaims | null;
  login: (token: string) => SessionClaims | null;
  /** Clears the session; a message (an expiry, a 401) is shown as an error toast. Without one, the user chose to. */
  logout: (message?: string) => void;
  /** The last session ended by the user's own Logout (not an expiry): guards then send to home, not to login. */
  loggedOutByChoice: boolean;
}

const SessionContext = createContext<Session | null>(null);

function initialToken(): { token: string | null; expired: boolean } {
  const token = readToken();
  if (!token) return { token: null, expired: false };
  const claims = decodeToken(token);
  if (!claims || isExpired(claims)) {
    writeToken(null);
    return { token: null, expired: Boolean(claims) };
  }
  return { token, expired: false };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state] = useState(initialToken);
  const [token, setToken] = useState<string | null>(state.token);
  const user = useMemo(() => (token ? decodeToken(token) : null), [token]);
  const [loggedOutByChoice, setLoggedOutByChoice] = useState(false);

  useEffect(() => {
    if (state.expired) notify.error(SESSION_MESSAGES.sessionExpired);
  }, [state.expired]);

  const logout = useCallback((message?: string) => {
    writeToken(null);
    setToken(null);
    setLoggedOutByChoice(!message);
    if (message) notify.error(message);
  }, []);

  const login = useCallback((next: string) => {
    const claims = decodeToken(next);
    if (!claims) {
      writeToken(null);
      setToken(null);
      return null;
    }
    writeToken(next);
    setToken(next);
    setLoggedOutByChoice(false);
    return claims;
  }, []);

  // A 401 on an authenticated call means the token is no longer good.
  useEffect(() => {
    setUnauthorizedHandler((message) => logout(message || SESSION_MESSAGES.sessionExpired));
    return () => setUnauthorizedHandler(undefined);
  }, [logout]);

  // Expire the session at the token's own expiry, not only on the next call.
  useEffect(() => {
    if (!user) return;
    const ms = user.exp * 1000 - Date.now();
    const timer = window.setTimeout(
      () => logout(SESSION_MESSAGES.sessionExpired),
      Math.min(Math.max(ms, 0), 2 ** 31 - 1),
    );
    return () => window.clearTimeout(timer);
  }, [user, logout]);

  // Logging in or out in another tab applies here too.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== TOKEN_STORAGE_KEY) return;
      const next = e.newValue && decodeToken(e.newValue) ? e.newValue : null;
      setToken(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<Session>(
    () => ({ token, user, login, logout, loggedOutByChoice }),
    [token, user, login, logout, loggedOutByChoice],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside SessionProvider');
  return session;
}
