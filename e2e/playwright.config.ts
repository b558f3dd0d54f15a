// e2e in Debian's Chromium against the production build, started as `npm start` starts it (global-setup.ts).
import { execSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './support/env';

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return execSync('command -v chromium || command -v chromium-browser', { shell: '/bin/sh' }).toString().trim();
  } catch {
    throw new Error('Chromium is not installed: apt-get install -y chromium (or set CHROMIUM_PATH)');
  }
}

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testIgnore: /app-update\.spec\.ts$/,
    },
    // Deploys a new service worker to the running server: alone, once every other test is done, so no other page
    // is offered the new version meanwhile.
    {
      name: 'app-update',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: /app-update\.spec\.ts$/,
      dependencies: ['chromium'],
    },
  ],
});
