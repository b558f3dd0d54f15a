// Measures the first-load JavaScript of the budgeted public pages from the Vite manifest: the entry chunk with
// its static imports, plus the page's own chunk and its static imports (gzip -9). Used by the test command's
// check (scripts/check-bundle-size.mjs) and by the web benchmark.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Budgeted pages and the source file of each page's component. */
export const BUDGETED_PAGES = {
  '/': 'src/features/home/home-page.tsx',
  '/packages': 'src/features/packages/packages-page.tsx',
  '/packages/{id}': 'src/features/packages/package-details-page.tsx',
};

export const BUDGET_BYTES = 100 * 1024;

function readManifest(distDir) {
  const file = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No Vite manifest at ${file}: build the web app with build.manifest on`);
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Every chunk file a manifest entry loads up front (itself and its static imports, transitively). */
function staticClosure(manifest, key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

const gzipBytes = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** [{ page, bytes, files }] for each budgeted page. */
export function pageBudgets(distDir) {
  const manifest = readManifest(distDir);
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error('The Vite manifest has no entry');
  return Object.entries(BUDGETED_PAGES).map(([page, source]) => {
    const keys = staticClosure(manifest, entryKey);
    // An eager page is already inside the entry's closure; a lazy one adds its own chunk and imports.
    if (manifest[source]) staticClosure(manifest, source, keys);
    const files = [...new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js')))];
    const bytes = files.reduce((sum, f) => sum + gzipBytes(path.join(distDir, f)), 0);
    return { page, bytes, files };
  });
}
