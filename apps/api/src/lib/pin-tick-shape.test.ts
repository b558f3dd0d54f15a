// Full garbage collections during start-up must not leave process.nextTick's stores megamorphic (pin-tick-shape.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

// What start-up does to nextTick: ticks with various callbacks, each batch followed by a full collection while no
// tick object is alive. Then V8 prints nextTick's feedback: one line per store of the tick object literal.
const START_UP = `
if (process.env.PIN === '1') await import(process.env.PIN_MODULE);
for (let round = 0; round < 8; round++) {
  for (let i = 0; i < 50; i++) process.nextTick(() => {});
  await new Promise((resolve) => setImmediate(resolve));
  globalThis.gc();
}
%DebugPrint(process.nextTick);
`;

function tickStores(pin: boolean): string[] {
  // V8 prints with C stdio, which loses what a non-blocking pipe does not take at once: a file takes all of it.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tick-'));
  const file = path.join(dir, 'feedback.txt');
  const fd = fs.openSync(file, 'w');
  try {
    execFileSync(
      process.execPath,
      ['--allow-natives-syntax', '--expose-gc', '--import', 'tsx', '--input-type=module', '-e', START_UP],
      {
        cwd: here,
        stdio: ['ignore', fd, 'pipe'],
        env: {
          ...process.env,
          PIN: pin ? '1' : '0',
          PIN_MODULE: pathToFileURL(path.join(here, 'pin-tick-shape.ts')).href,
        },
        timeout: 60_000,
      },
    );
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line.includes('DefineKeyedOwnPropertyInLiteral'));
  } finally {
    fs.closeSync(fd);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the pinned tick object', () => {
  it('without it, start-up leaves nextTick megamorphic (if this fails, V8 no longer needs the pin: delete it)', () => {
    const stores = tickStores(false);
    expect(stores.length).toBeGreaterThanOrEqual(4);
    expect(stores.filter((line) => line.includes('MEGAMORPHIC')).length).toBeGreaterThan(0);
  });

  it('with it, every store of the tick literal stays monomorphic', () => {
    const stores = tickStores(true);
    expect(stores.length).toBeGreaterThanOrEqual(4);
    expect(stores.every((line) => line.includes('MONOMORPHIC'))).toBe(true);
  });
});
