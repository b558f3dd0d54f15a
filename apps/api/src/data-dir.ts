// DATA_DIR is the server's user's alone (docs/deployment.md): it holds the SQLite database, whose settings table
// keeps the generated token signing key, the demo logins' passwords and, from versions before that table, a
// jwt-secret file. The database's own files are made private where they are opened (db/dialect.ts); this makes
// the folder and the other files so at every start, whatever modes an earlier version left.
import fs from 'node:fs';
import path from 'node:path';
import { LEGACY_JWT_SECRET_FILE } from './auth/jwt-secret';
import { makePrivateDir, makePrivateFiles } from './lib/private-files';
import { DEMO_LOGINS_FILE } from './seed/demo-accounts';

export function secureDataDir(dataDir: string): void {
  // On PostgreSQL without demo logins nothing lives here, and nothing asks for the folder.
  if (!fs.existsSync(dataDir)) return;
  makePrivateDir(dataDir);
  makePrivateFiles([DEMO_LOGINS_FILE, LEGACY_JWT_SECRET_FILE].map((name) => path.join(dataDir, name)));
}
