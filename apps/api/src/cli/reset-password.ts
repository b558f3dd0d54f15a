// `npm run reset-password -- --email X [--password-stdin]`: sets an account's password on the server (D22) and
// revokes its earlier tokens, for an Owner locked out of the web. Asks for the password (twice, not echoed) or
// reads it from standard input.
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/connection';
import { ResetPasswordError, resetPasswordByEmail } from '../auth/reset-password-command';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  // One trailing line break is the shell's, not the password's.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks on the terminal without echoing what is typed. */
function askHidden(question: string): Promise<string> {
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  let asked = false;
  output._writeToOutput = (s: string) => {
    // The question is written once; every later write is an echo of a key.
    if (!asked) process.stdout.write(s);
    asked = true;
  };
  return new Promise((resolve) =>
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin) return readStdin();
  if (!process.stdin.isTTY)
    throw new ResetPasswordError('No terminal to ask on: pipe the password with --password-stdin');
  const first = await askHidden('New password: ');
  const second = await askHidden('Repeat it: ');
  if (first !== second) throw new ResetPasswordError('The two passwords differ; nothing was changed');
  return first;
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, 'password-stdin': { type: 'boolean', default: false } },
  });
  if (!values.email) throw new ResetPasswordError('Usage: npm run reset-password -- --email owner@example.com');
  const password = await readPassword(values['password-stdin']);
  const env = { ...process.env };
  if (env.INIT_CWD && env.DATA_DIR) env.DATA_DIR = path.resolve(env.INIT_CWD, env.DATA_DIR);
  const handle = openDatabase(loadConfig(env));
  try {
    await migrateToLatest(handle);
    await resetPasswordByEmail(handle.db, values.email, password);
    console.info(`Password of ${values.email.toLowerCase()} reset; its earlier sessions are logged out.`);
  } finally {
    await handle.db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ResetPasswordError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
