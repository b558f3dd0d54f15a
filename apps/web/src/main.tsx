import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadRoute } from './app/router';
import './index.css';

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </StrictMode>,
  );

// The first page's chunk and data are fetched before the first render (app/lazy-page.ts says why); should
// they be slow or fail, the app renders anyway after 3 s with its loading state or error message.
void Promise.race([
  preloadRoute(window.location.pathname, window.location.search).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, 3000)),
]).then(render);
