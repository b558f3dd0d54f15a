// A lazily loaded component (a page, the signed-in pages' query provider) that can be fetched ahead of
// rendering, with its data. React.lazy alone suspends on the first render even when the chunk is already
// there, and React 19 then holds the revealed page back for up to 300 ms after the fallback showed. So
// main.tsx preloads the first page's chunk — and, through the page module's optional `prefetch` export,
// its data — before the first render, and this component renders the page at once when it is in. With
// the server's hints (apps/api/src/plugins/page-hints.ts) all of it is already on its way by then.
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';
import type { RouteMatch } from '../lib/match-path';

export interface PageModule<P> {
  default: ComponentType<P>;
  /** Fetches the data the page's first render shows; settles when it is in (or failed). */
  prefetch?: (match: RouteMatch) => Promise<unknown>;
}

export interface LazyPage<P extends object = object, M extends PageModule<P> = PageModule<P>> {
  (props: P): ReactElement;
  /** Loads the chunk; given the route's match, also the page's first data. */
  preload: (match?: RouteMatch) => Promise<unknown>;
  /** The module, loaded if it is not yet. */
  load: () => Promise<M>;
}

export function lazyPage<P extends object = object, M extends PageModule<P> = PageModule<P>>(
  load: () => Promise<M>,
): LazyPage<P, M> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<M> | undefined;
  const loadModule = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (err: unknown) => {
        // A failed chunk is fetched again on the next attempt (the error boundary offers one).
        loading = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(loadModule);
  const Page = (props: P) => createElement(loaded ?? (Lazy as ComponentType<P>), props);
  Page.preload = async (match?: RouteMatch) => {
    const module = await loadModule();
    if (match && module.prefetch) await module.prefetch(match);
  };
  Page.load = loadModule;
  return Page;
}
