// The HS256 secret: JWT_SECRET when given, else one generated once and kept in DATA_DIR.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function loadJwtSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString('base64url');
    // 'wx' keeps a concurrent starter's secret instead of overwriting it.
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    } catch {
      return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
    }
    return new TextEncoder().encode(secret);
  }
}
