// Assembles docs/performance.md from the parts' results (bench/results/<part>.md), newest run of each, and
// the notes on what was changed to hold the budgets (bench/results/notes.md).
import fs from 'node:fs';
import path from 'node:path';
import { resultsDir, root } from './lib';

const PARTS = [
  ['api', 'npm run bench:api', 'API throughput'],
  ['inquiries', 'npm run bench:inquiries', 'Inquiries at a million rows'],
  ['reports', 'npm run bench:reports', 'Reports and export'],
  ['pdf', 'npm run bench:pdf', 'PDFs'],
  ['web', 'npm run bench:web', 'Web: Lighthouse and first-load JavaScript'],
  ['memory', 'npm run bench:memory', 'Memory under mixed load'],
  ['day', 'npm run bench:day -- --engines sqlite --soak 30m', "A day's load"],
  [
    'day-soak',
    'npm run bench:day -- --engines sqlite --capacity 100 --soak 30m --name day-soak',
    "A day's load: the 30-minute soak",
  ],
  ['day-postgres', 'npm run bench:day -- --engines postgres --name day-postgres', "A day's load on PostgreSQL"],
] as const;

/**
 * Parts shown here in part: the soak's results file repeats the day's introduction and a 60 s table (so that it
 * reads alone), and this page shows those once, in the day's own section.
 */
/** The paragraphs of a day's results file that this page shows: headings and those `keep` matches. */
const dayPart = (keep: RegExp) => (md: string) =>
  md
    .split('\n\n')
    .filter((p) => /^#{2,3} /.test(p) || keep.test(p))
    .join('\n\n');
const SHOWN: Partial<Record<(typeof PARTS)[number][0], (md: string) => string>> = {
  'day-soak': dayPart(/^Soak:/),
  // The day's introduction is shown once, in its own section.
  'day-postgres': dayPart(/^(Capacity|\||Each kind|Achieved)/),
};

const sections: string[] = [];
const dates: string[] = [];
for (const [part, command, title] of PARTS) {
  const md = path.join(resultsDir, `${part}.md`);
  const json = path.join(resultsDir, `${part}.json`);
  if (!fs.existsSync(md)) {
    sections.push(`## ${title}\n\nNot measured yet: run \`${command}\`.\n`);
    continue;
  }
  const meta = fs.existsSync(json)
    ? (JSON.parse(fs.readFileSync(json, 'utf8')) as { date: string; machine: string })
    : null;
  if (meta) dates.push(meta.date);
  sections.push(
    // Each part under its own title here: variants of one bench (the day's soak) write the same heading.
    `${(SHOWN[part] ?? ((x: string) => x))(fs.readFileSync(md, 'utf8').trim())
      .trim()
      .replace(
        /^## .*$/m,
        `## ${title}`,
      )}\n\n_Measured ${meta?.date ?? 'at an unknown date'} on ${meta?.machine ?? 'an unknown machine'} — reproduce with \`${command}\`._\n`,
  );
}

const notes = path.join(resultsDir, 'notes.md');
const span = dates.length ? `${dates.sort()[0]!.slice(0, 10)} to ${dates.sort().at(-1)!.slice(0, 10)}` : 'not yet';
const doc = `# Performance

Every figure here is measured by \`npm run bench\` (or one part alone, as each section says) and written by
\`bench/report.ts\`; budgets are decisions §8 and are checked as ratios measured in one run on the same machine,
never by timed tests. Measured ${span}; each section names its machine.

## How to reproduce

\`\`\`sh
npm ci && npm run bench        # build, then API, inquiries, web, memory, and this report (about 45 minutes)
npm run bench:api              # each part alone, after npm run build
BENCH_NODE=$(npx -y -p node@24 which node) npm run bench:api   # servers on Node 24, as deployed (README)
npm run bench:inquiries        # -- --count 100000 --engines sqlite for a quick pass
npm run bench:web              # BENCH_LIGHTHOUSE_RUNS=1 for a quick pass
npm run bench:memory           # BENCH_MEMORY_SECONDS=60 for a quick pass
npm run bench:reports          # the summary and the CSV export at a million rows, both engines
npm run bench:pdf              # one PDF's p50 and p95 through the worker pool
npm run bench:day              # a day's mixed load, the capacity search, -- --soak 30m (not in bench: 30+ min)
npm run bench:report           # reassembles this file from bench/results/
\`\`\`

Needs: a machine with two cores or more (the API benchmarks pin the server to core 0 and the load
generator, \`wrk\` (\`sudo apt-get install wrk\`), to core 1 with \`taskset\`; bench:day's open-loop generator is its own,
bench/day-load.ts says why; \`valgrind\` for its instruction counts), Chromium (\`/usr/bin/chromium\` or \`CHROMIUM_PATH\`) for Lighthouse,
and PostgreSQL for the inquiries part (\`BENCH_DATABASE_URL\`, else \`TEST_DATABASE_URL\`, else
\`postgres://postgres@127.0.0.1:5432/postgres\`; it creates and drops its own database). Run nothing else
heavy meanwhile: the figures are ratios within one run, but a busy machine still widens their spread.

${sections.join('\n')}
${fs.existsSync(notes) ? fs.readFileSync(notes, 'utf8') : ''}`;
fs.writeFileSync(path.join(root, 'docs/performance.md'), doc);
console.info('wrote docs/performance.md');
