import './lib/zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadRoute } from './app/router';
import './index.css';

const root = createRoot(document.getElementById('root')!);
// As a transition, React renders the first page in slices of a few milliseconds and lets the browser in between:
// one render of the whole page was one task of 30 ms here, 120 ms on a phone's slower processor, which a tap
// at that moment would wait for (Lighthouse's Total Blocking Time; decisions §8 allows 100 ms for the whole load).
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      </StrictMode>,
    ),
  );

// The first page's chunk and data are fetched before the first render (app/lazy-page.ts says why); should
// they be slow or fail, the app renders anyway after 3 s with its loading state or error message.
void Promise.race([
  preloadRoute(window.location.pathname, window.location.search).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, 3000)),
]).then(render);
