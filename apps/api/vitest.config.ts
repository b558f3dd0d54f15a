import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Test files build their own apps on their own databases; two workers fit two cores.
    pool: 'forks',
    maxWorkers: 2,
  },
});
