// Fails the test command when the inquiry list and search code grows to 1,375 non-blank lines (decisions §8's
// proportion budget, issue 25, raised from 1,300 by migration 033, for the figures it buys): the list's service and
// page queries, the search folder, migrations 002 and 033 and the part of migration 007 between its "list budget"
// markers (the "my work" sets' indexes).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET = 1_375;
const api = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/api/src');
const search = path.join(api, 'inquiries/search');
const files = [
  'inquiries/inquiry-list.service.ts',
  'inquiries/inquiry-page.repository.ts',
  ...readdirSync(search)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => `inquiries/search/${f}`),
  'db/migrations/002-inquiry-list.ts',
  'db/migrations/033-list-version-columns.ts',
];
const nonBlank = (lines) => lines.filter((l) => l.trim() !== '').length;

let total = 0;
for (const file of files) {
  const n = nonBlank(readFileSync(path.join(api, file), 'utf8').split('\n'));
  console.info(`${String(n).padStart(5)} ${file}`);
  total += n;
}
const workflow = readFileSync(path.join(api, 'db/migrations/007-inquiry-workflow.ts'), 'utf8').split('\n');
const start = workflow.findIndex((l) => l.includes('list budget: from here'));
const end = workflow.findIndex((l) => l.includes('list budget: to here'));
if (start < 0 || end < start) {
  console.error('db/migrations/007-inquiry-workflow.ts: the "list budget" markers are missing');
  process.exit(1);
}
const part = nonBlank(workflow.slice(start + 1, end));
console.info(`${String(part).padStart(5)} db/migrations/007-inquiry-workflow.ts (the sets' indexes)`);
total += part;

console.info(`${String(total).padStart(5)} in all (budget: under ${BUDGET.toLocaleString('en')})`);
if (total >= BUDGET) {
  console.error('The inquiry list is over its line budget: delete a mechanism no measured cell needs (issue 25).');
  process.exit(1);
}
