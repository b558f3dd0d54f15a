// Fails the test command when code, tests or docs cite what the repository does not hold: a decision `D<n>` without
// a heading in docs/decisions.md, a "spec §N" without one in docs/product.md, a "decisions §N" without one in
// docs/decisions.md, or a path outside the repository (the design documents the project began from).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const headings = (file) =>
  new Set(
    fs
      .readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .filter((l) => /^#{2,3} /.test(l))
      .map((l) => l.replace(/^#+ /, '').split(' ')[0]),
  );
const decisions = headings('docs/decisions.md');
const product = headings('docs/product.md');
const own = { 'docs/decisions.md': decisions, 'docs/product.md': product };

const rules = [
  {
    re: /\bD(\d{1,2})\b/g,
    ok: (m) => decisions.has(`D${m[1]}`),
    what: 'a decision without a heading in docs/decisions.md',
  },
  {
    re: /\b[Ss]pec §(\d+)/g,
    ok: (m) => product.has(`§${m[1]}`),
    what: 'a section without a heading in docs/product.md',
  },
  {
    re: /\bdecisions §(\d+)/g,
    ok: (m) => decisions.has(`§${m[1]}`),
    what: 'a section without a heading in docs/decisions.md',
  },
  {
    // Inside docs/decisions.md and docs/product.md a bare §N is the page's own section.
    re: /(?<!\b(?:[Ss]pec|decisions|RFC \d+) )§\s?(\d+)/g,
    ok: (m, file) => (own[file] ?? new Set()).has(`§${m[1]}`),
    what: 'a § without "spec" or "decisions" before it',
  },
  {
    re: /\.\.\/shared\b|\bshared\/(?:DESIGN|CONVENTIONS|REFERENCE|seed)|\bDESIGN(?:\.md)?\b|\bCONVENTIONS\.md\b|REFERENCE-india-money/g,
    ok: () => false,
    what: 'a document outside the repository',
  },
];
const text = /\.(?:ts|tsx|mts|mjs|js|cjs|json|md|css|html|yaml|yml|sh|sql)$|^\.ci\//;
const skipped = new Set(['package-lock.json', 'scripts/check-references.mjs']);
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && text.test(f) && !skipped.has(f) && fs.existsSync(path.join(root, f)));

const problems = [];
for (const file of files) {
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  lines.forEach((line, i) => {
    for (const rule of rules) {
      for (const m of line.matchAll(rule.re)) {
        if (!rule.ok(m, file)) problems.push(`${file}:${i + 1}: "${m[0]}" is ${rule.what}`);
      }
    }
  });
}
if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`\n${problems.length} reference(s) point nowhere in the repository.`);
  process.exit(1);
}
console.info(`References: every D<n> and § in ${files.length} files resolves to docs/decisions.md or docs/product.md`);
