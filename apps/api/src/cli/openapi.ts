// `npm run lint:openapi` (and the test command): writes the OpenAPI document the server serves at
// /api/docs/json to the file named on the command line, from an app built on an empty SQLite folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';

async function main() {
  const out = process.argv[2];
  if (!out) throw new Error('usage: openapi <output file>');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'safarnama-openapi-'));
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      API_DOCS: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      WEB_DIR: path.join(dataDir, 'no-web'),
    });
    const app = await buildApp({ config });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
      if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
      fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
      fs.writeFileSync(out, JSON.stringify(res.json(), null, 2));
    } finally {
      await app.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
