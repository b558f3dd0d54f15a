// The token lives in localStorage (spec §3, D16); these are the only functions that touch it.
const KEY = 'token';

export function readToken(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(KEY, token);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage may be unavailable (private mode); the session then lasts for this page only.
  }
}

export const TOKEN_STORAGE_KEY = KEY;
