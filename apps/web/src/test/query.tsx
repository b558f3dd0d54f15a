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
  vi.stubGlobal('XMLHttpRequest', fakeXhrOver(mock));
  return mock;
}

/**
 * An XMLHttpRequest (lib/api-client's `upload`) answered by the same stubbed routes, so its calls show in
 * the fetch mock's calls; it reports the whole body sent before answering, and honours abort().
 */
function fakeXhrOver(fetchMock: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  return class FakeXhr {
    upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
    status = 0;
    responseText = '';
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private aborted = false;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body?: XMLHttpRequestBodyInit | null) {
      fetchMock(this.url, { method: this.method, headers: this.headers, body }).then(
        async (res) => {
          if (this.aborted) return;
          this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 } as ProgressEvent);
          this.status = res.status;
          this.responseText = await res.text();
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
  };
}

/** A route for one method and path. */
export const on =
  (method: string, path: string, respond: (url: URL, init: RequestInit | undefined) => StubResponse): Route =>
  (url, init) =>
    (init?.method ?? 'GET') === method && url.pathname === path ? respond(url, init) : undefined;

/** The URLs fetch was called with for a path. */
export const callsTo = (mock: ReturnType<typeof stubFetch>, path: string) =>
  mock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((u) => u.pathname === path);
