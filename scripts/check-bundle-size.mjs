// Fails the test command when a public page's first-load JavaScript grows past 100 KB gzip (decisions §8, issue 6),
// or when a public route of the web app is left out of the measure.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUDGET_BYTES, BUDGETED_PAGES, pageBudgets, publicPageSources } from './bundle-size.mjs';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const dist = path.join(web, 'dist');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let failed = false;

const budgeted = new Set(Object.values(BUDGETED_PAGES).flat());
for (const source of publicPageSources(web)) {
  if (budgeted.has(source)) continue;
  failed = true;
  console.error(`MISSING ${source}: a public route that scripts/bundle-size.mjs (BUDGETED_PAGES) does not measure`);
}

for (const { page, bytes, files } of pageBudgets(dist)) {
  const over = bytes > BUDGET_BYTES;
  failed ||= over;
  console.info(
    `${over ? 'OVER' : 'ok  '} ${page.padEnd(16)} ${kb(bytes).padStart(8)} gzip (budget ${kb(BUDGET_BYTES)})`,
  );
  if (over) console.info(`       ${files.join(', ')}`);
}
if (failed) {
  console.error(
    'First-load JavaScript is over budget or unmeasured: lazy-load what a page does not need at first paint.',
  );
  process.exit(1);
}
