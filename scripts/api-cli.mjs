// `npm run backup|restore|reset-password -- …`: runs an API command-line tool from apps/api/dist/cli, building the API
// first when the bundle is missing or older than its sources (as `npm start` does).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [name, ...args] = process.argv.slice(2);
const tool = path.join(root, 'apps/api/dist/cli', `${name}.js`);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!entry.name.includes('.test.')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const built = fs.existsSync(tool) ? fs.statSync(tool).mtimeMs : 0;
const sources = Math.max(
  newestMtime(path.join(root, 'apps/api/src')),
  newestMtime(path.join(root, 'packages/contract/src')),
);
if (built < sources) {
  console.info('Building @safarnama/api…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@safarnama/api'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The project's .env first, so its DATA_DIR wins over the ./data default (the environment wins over both).
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const result = spawnSync(process.execPath, [tool, ...args], {
  stdio: 'inherit',
  env: { DATA_DIR: path.join(root, 'data'), ...process.env },
});
process.exit(result.status ?? 1);
