// Fails the test command when the repository grows heavy with generated files: the curated screenshots at most
// 3 MB in all, and no benchmark result over 200 KB (bench/results keeps summaries; details stay in .tmp).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const files = (dir) => fs.readdirSync(path.join(root, dir)).map((f) => path.join(dir, f));
const size = (file) => fs.statSync(path.join(root, file)).size;
const problems = [];

const screenshots = files('docs/screenshots').reduce((sum, f) => sum + size(f), 0);
if (screenshots > 3_000_000)
  problems.push(`docs/screenshots holds ${(screenshots / 1e6).toFixed(2)} MB (at most 3 MB)`);
for (const f of files('bench/results')) {
  if (size(f) > 200_000) problems.push(`${f} is ${Math.round(size(f) / 1000)} KB (at most 200 KB)`);
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.info(`Repository weight: screenshots ${(screenshots / 1e6).toFixed(2)} MB, bench results within 200 KB each`);
