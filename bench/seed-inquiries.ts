// `npm run seed:inquiries -- --count 1000000`: fills the configured database (DATA_DIR, or DATABASE_URL for
// PostgreSQL) with realistic inquiries for the scale benchmark (decisions §8, docs/performance.md).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/api/src/config';
import { migrateToLatest, openDatabase } from '../apps/api/src/db/connection';
import { seedInquiries, type Phase } from './seed/seed-inquiries';

async function main() {
  const { values } = parseArgs({
    options: {
      count: { type: 'string', default: '1000' },
      'one-by-one': { type: 'boolean', default: false },
      seed: { type: 'string', default: '42' },
      years: { type: 'string', default: '3' },
    },
  });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1) throw new Error('--count must be a positive whole number');

  // A relative DATA_DIR means the folder the command was typed in (npm runs scripts at the root).
  const env = { ...process.env };
  if (env.INIT_CWD) env.DATA_DIR = path.resolve(env.INIT_CWD, env.DATA_DIR ?? './data');
  const config = loadConfig(env);
  const handle = openDatabase(config);
  const where = handle.engine === 'postgres' ? 'PostgreSQL' : `SQLite in ${config.DATA_DIR}`;
  console.info(`Seeding ${count.toLocaleString('en-IN')} inquiries into ${where}…`);
  const started = performance.now();
  let lastReport = 0;
  const phases: Phase[] = [];
  try {
    await migrateToLatest(handle);
    await seedInquiries(handle, {
      count,
      seed: Number(values.seed),
      years: Number(values.years),
      oneByOne: values['one-by-one'],
      onPhase: (ph) => {
        const server = ph.serverCpu === undefined ? '' : `, PostgreSQL's backend ${ph.serverCpu.toFixed(1)} s CPU`;
        phases.push(ph);
        console.info(`  ${ph.name}: ${ph.wall.toFixed(1)} s wall, ${ph.cpu.toFixed(1)} s CPU here${server}`);
      },
      onProgress: (done, seconds) => {
        if (done - lastReport < 100_000 && done !== count) return;
        lastReport = done;
        console.info(`  ${done.toLocaleString('en-IN')} rows, ${seconds.toFixed(0)} s`);
      },
    });
    const cpu = process.cpuUsage();
    const serverCpu = phases.reduce((a, ph) => a + (ph.serverCpu ?? 0), 0);
    console.info(
      `Done in ${((performance.now() - started) / 1000).toFixed(0)} s wall, ` +
        `${((cpu.user + cpu.system) / 1e6).toFixed(0)} s CPU in this process` +
        (serverCpu > 0
          ? ` + ${serverCpu.toFixed(0)} s in PostgreSQL's backend (parallel index workers not counted)`
          : '') +
        ` (statistics refreshed).`,
    );
  } finally {
    await handle.db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
