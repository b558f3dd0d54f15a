// Test helpers for signed-in pages: a fresh TanStack Query client per test, and a fetch stub that
// answers by method and path.
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { vi } from 'vitest';

export function withQuery(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{ui}</QueryClientProvider>;
}

export interface StubResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Route = (url: URL, init: RequestInit | undefined) => StubResponse | undefined;

/** Stubs global fetch; each call goes to the first route that answers. Returns the mock to inspect calls. */
export function stubFetch(...routes: Route[]) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    for (const route of routes) {
      const res = route(url, init);
      if (res) {
        return new Response(res.body === undefined ? null : JSON.stringify(res.body), {
          status: res.status ?? 200,
          headers: { 'Content-Type': 'application/json', ...res.headers },
        });
      }
    }
    return new Response(JSON.stringify({ message: `no stub for ${init?.method ?? 'GET'} ${url.pathname}` }), {
      status: 404,
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** A route for one method and path. */
export const on =
  (method: string, path: string, respond: (url: URL, init: RequestInit | undefined) => StubResponse): Route =>
  (url, init) =>
    (init?.method ?? 'GET') === method && url.pathname === path ? respond(url, init) : undefined;

/** The URLs fetch was called with for a path. */
export const callsTo = (mock: ReturnType<typeof stubFetch>, path: string) =>
  mock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === path);
