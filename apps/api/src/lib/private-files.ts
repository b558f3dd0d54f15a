// Files only the server's own user may read: the database (it holds the token signing key), the demo logins'
// passwords, backups. Each is created with its mode and chmod-ed as well, so neither the umask (which a mode at
// creation is subject to) nor a file left by an earlier version with wider modes leaves it readable by others.
import fs from 'node:fs';

export const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

const isCode = (err: unknown, code: string) => (err as NodeJS.ErrnoException).code === code;

/**
 * Creates `dir` (and missing parents) rwx for this user only, and makes an existing one so. A folder someone else
 * owns cannot be chmod-ed (EPERM) and is left as it is: the files in it keep their own private modes.
 */
export function makePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  try {
    fs.chmodSync(dir, PRIVATE_DIR_MODE);
  } catch (err) {
    if (!isCode(err, 'EPERM')) throw err;
  }
}

/** Makes those of `files` that exist rw for this user only. */
export function makePrivateFiles(files: readonly string[]): void {
  for (const file of files) {
    try {
      fs.chmodSync(file, PRIVATE_FILE_MODE);
    } catch (err) {
      if (!isCode(err, 'ENOENT')) throw err;
    }
  }
}

/** Creates `file` empty and private unless it exists, and makes it private either way. */
export function touchPrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/** Writes `file` whole, private from its first byte. */
export function writePrivateFile(file: string, data: string): void {
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE_MODE });
  fs.chmodSync(file, PRIVATE_FILE_MODE);
}

/**
 * Copies `from` to `to` and makes the copy private. The copy takes `from`'s mode while it is written (copyFile
 * sets it), so `to` belongs in a private folder.
 */
export function copyPrivateFile(from: string, to: string): void {
  fs.copyFileSync(from, to);
  fs.chmodSync(to, PRIVATE_FILE_MODE);
}
