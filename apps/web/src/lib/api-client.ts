// The one API client: prefixes VITE_API_URL, adds the bearer token, turns error bodies into ApiError(message).
import { env } from '../config/env';
import { readToken } from './token-storage';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type UnauthorizedHandler = (message: string) => void;
let handleUnauthorized: UnauthorizedHandler | undefined;

/** The session registers how a 401 on an authenticated call logs the user out (D16). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | undefined) {
  handleUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
  /** Send no token even when one is stored (the public inquiry call, spec §6). */
  anonymous?: boolean;
  /** Extra request headers (an inquiry's Idempotency-Key, D34). */
  headers?: Record<string, string>;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

export const UNREACHABLE = 'Cannot reach the server. Please check your connection and try again.';

export const apiUrl = (path: string) => `${env.apiUrl}${path}`;

/** Image paths from the API ('/uploads/…') become loadable URLs; full links stay as they are. */
export const assetUrl = (path: string) => (/^https?:\/\//.test(path) ? path : apiUrl(path));

export function buildUrl(path: string, query?: RequestOptions['query']) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return apiUrl(qs ? `${path}?${qs}` : path);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const token = options.anonymous ? null : readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, UNREACHABLE);
  }
  return { data: readBody<T>(response.status, await response.text(), token), headers: response.headers };
}

/** The JSON of an answer; an error status becomes an ApiError with the server's message. */
export function readBody<T>(status: number, text: string, token: string | null): T {
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (status < 200 || status >= 300) {
    const errorBody = (parsed ?? {}) as { message?: unknown; errors?: Record<string, string> };
    // No server message: pages show their own fallback text (spec §8 "server message or …").
    const message = typeof errorBody.message === 'string' ? errorBody.message : '';
    if (status === 401 && token) handleUnauthorized?.(message);
    throw new ApiError(status, message, errorBody.errors);
  }
  return parsed as T;
}

/** Whether `err` is a cancelled request or upload (lib/upload.ts). */
export const isAbortError = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
    request<T>(path, { query, signal }).then((r) => r.data),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body }).then((r) => r.data),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body }).then((r) => r.data),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }).then((r) => r.data),
};

/** The server's message, or the screen's fallback text (spec §8 "server message or …"). */
export const errorMessage = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status !== 0 && err.message ? err.message : fallback;
