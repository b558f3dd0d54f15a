// Measures the first-load JavaScript of every public page from the Vite manifest (gzip -9): the entry chunk
// with its static imports, plus the chunk of the page the route renders at first paint and its static imports
// (main.tsx loads that chunk before the first render). What a page imports dynamically loads after the first
// paint (the home page's sections below the fold, the forms' validation, the toast library) and is not counted;
// e2e/tests/public-first-load.spec.ts checks in Chromium that each page fetches exactly these files before its
// first contentful paint. Used by the test command's check (scripts/check-bundle-size.mjs) and by the web
// benchmark (bench/web.ts), so both print the same figures.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Every public page (spec §2) and the lazy chunk(s) its route renders at first paint, by source path as the
 * manifest names them (apps/web/src/app/router.tsx).
 */
export const BUDGETED_PAGES = {
  '/': ['src/features/home/home-page.tsx'],
  '/packages': ['src/features/packages/packages-page.tsx'],
  '/packages/{id}': ['src/features/packages/package-details-page.tsx'],
  '/about': ['src/features/about/about-page.tsx'],
  '/faq': ['src/features/faq/faq-page.tsx'],
  '/contact': ['src/features/contact/contact-page.tsx'],
  '/login': ['src/features/auth/login-page.tsx'],
  '/register': ['src/features/auth/register-page.tsx'],
  '/forgot-password': ['src/features/auth/forgot-password-page.tsx'],
  '/unsubscribed': ['src/features/notifications/unsubscribed-page.tsx'],
  '/trip/{token}': ['src/features/trip/trip-page.tsx'],
  '/supplier/{token}': ['src/features/supplier-link/supplier-page.tsx'],
  '/{other} (404)': ['src/app/not-found-page.tsx'],
};

/** decisions §8 and issue 6: each public page's first-load JavaScript, gzip. */
export const BUDGET_BYTES = 100 * 1024;

function readManifest(distDir) {
  const file = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No Vite manifest at ${file}: build the web app with build.manifest on`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Every chunk a manifest entry loads up front (itself and its static imports, transitively). */
function staticClosure(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const gzipBytes = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** [{ page, bytes, files }] for each public page; files are the JavaScript files, relative to distDir. */
export function pageBudgets(distDir) {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('The Vite manifest has no entry');
  return Object.entries(BUDGETED_PAGES).map(([page, sources]) => {
    const keys = staticClosure(manifest, entryKey);
    for (const source of sources) {
      // A renamed page must not quietly drop out of the figure.
      if (!manifest[source]) {
        throw new Error(`${page}: ${source} is not a chunk in the Vite manifest; update BUDGETED_PAGES`);
      }
      staticClosure(manifest, source, keys);
    }
    const files = [...new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')))];
    const bytes = files.reduce((sum, f) => sum + gzipBytes(path.join(distDir, f)), 0);
    return { page, bytes, files };
  });
}

/**
 * The page sources app/router.tsx gives the public routes and the not-found route, as manifest keys, so the
 * check can tell when a public page is missing from BUDGETED_PAGES. Throws when it finds none: a router
 * written differently must not make the check pass by measuring nothing.
 */
export function publicPageSources(webDir) {
  const text = fs.readFileSync(path.join(webDir, 'src/app/router.tsx'), 'utf8');
  const publicBlock = /const publicRoutes[\s\S]*?\n\];/.exec(text)?.[0] ?? '';
  const notFound = /const NotFoundPage = .*/.exec(text)?.[0] ?? '';
  const imports = [...`${publicBlock}\n${notFound}`.matchAll(/import\('\.\.\/([^']+)'\)/g)].map((m) => m[1]);
  if (imports.length === 0 || !notFound) {
    throw new Error('Found no public routes in apps/web/src/app/router.tsx: update publicPageSources');
  }
  return imports.map((specifier) => `src/${specifier}.tsx`);
}
