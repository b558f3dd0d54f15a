// `npm start`: builds what is not built (or is older than its sources), then runs the server.
// SQLite and uploads live in ./data unless DATA_DIR says otherwise; http://localhost:3000 by default.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (p) => path.join(root, p);

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!entry.name.includes('.test.')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const contract = newestMtime(rel('packages/contract/src'));
const webBuilt = mtime(rel('apps/web/dist/index.html'));
const apiBuilt = mtime(rel('apps/api/dist/server.js'));
const needsWeb = webBuilt < Math.max(contract, newestMtime(rel('apps/web/src')), mtime(rel('apps/web/index.html')));
const needsApi = apiBuilt < Math.max(contract, newestMtime(rel('apps/api/src')));

for (const [needed, workspace] of [
  [needsWeb, '@safarnama/web'],
  [needsApi, '@safarnama/api'],
]) {
  if (!needed) continue;
  console.info(`Building ${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// A .env in the project root is read here too, so its DATA_DIR wins over the ./data default below; variables
// already set in the environment win over the file.
if (fs.existsSync(rel('.env'))) process.loadEnvFile(rel('.env'));

const server = spawn(process.execPath, [rel('apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { DATA_DIR: rel('data'), ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
