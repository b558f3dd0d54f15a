// Fails the test command when a public page's first-load JavaScript grows past 100 KB gzip (DESIGN §8).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUDGET_BYTES, pageBudgets } from './bundle-size.mjs';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
let failed = false;
for (const { page, bytes } of pageBudgets(dist)) {
  const over = bytes > BUDGET_BYTES;
  failed ||= over;
  console.info(
    `${over ? 'OVER' : 'ok  '} ${page.padEnd(16)} ${(bytes / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`,
  );
}
if (failed) {
  console.error('First-load JavaScript is over budget: lazy-load what the page does not need at first paint.');
  process.exit(1);
}
