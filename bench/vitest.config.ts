import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: 'bench',
    include: ['**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
