// The demo agency's logins (D12, D24): who they are here; their passwords are generated for each data folder
// when the seed runs, printed at start and kept in DATA_DIR/demo-logins.txt, never in the repository.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Role } from '@safarnama/contract';
import { makePrivateDir, writePrivateFile } from '../lib/private-files';

export interface DemoAccount {
  role: Role;
  name: string;
  email: string;
}

export interface DemoLogin {
  role: Role;
  email: string;
  password: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'Owner', name: 'Aarav Mehta', email: 'owner@safarnama.example' },
  { role: 'Staff', name: 'Priya Nair', email: 'staff@safarnama.example' },
  { role: 'Staff', name: 'Rohan Verma', email: 'staff2@safarnama.example' },
  { role: 'Customer', name: 'Ananya Iyer', email: 'customer@safarnama.example' },
];

export const DEMO_LOGINS_FILE = 'demo-logins.txt';

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
/** D4's special characters that need no quoting in a shell. */
const SPECIALS = '@#%';

/** 14 random characters (about 80 bits) with one of each class D4 asks for, in random places. */
export function generateDemoPassword(): string {
  const pick = (set: string) => set[crypto.randomInt(set.length)]!;
  const all = LOWER + UPPER + DIGITS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SPECIALS)];
  while (chars.length < 14) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

const HEADER =
  '# Demo logins of this data folder, generated when the demo agency was seeded (demo data only).\n' +
  '# A real agency starts with SEED_DEMO=false (docs/deployment.md). One login a line: role e-mail password\n';

/** Writes the file next to its final name first; `commit` moves it in place once the seed has committed. */
export function stageDemoLogins(dataDir: string, logins: readonly DemoLogin[]) {
  const file = path.join(dataDir, DEMO_LOGINS_FILE);
  const staged = `${file}.${process.pid}.tmp`;
  const lines = logins.map((l) => `${l.role.padEnd(9)} ${l.email.padEnd(28)} ${l.password}`);
  // Passwords: readable by the server's user only (DATA_DIR is too; on PostgreSQL nothing else may have made it).
  makePrivateDir(dataDir);
  writePrivateFile(staged, HEADER + lines.join('\n') + '\n');
  return {
    commit: () => fs.renameSync(staged, file),
    discard: () => fs.rmSync(staged, { force: true }),
  };
}

/** The logins kept in DATA_DIR/demo-logins.txt; none when the file is absent. */
export function readDemoLogins(dataDir: string): DemoLogin[] {
  const file = path.join(dataDir, DEMO_LOGINS_FILE);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [role, email, password] = line.trim().split(/\s+/);
      return { role: role as Role, email: email!, password: password! };
    });
}
