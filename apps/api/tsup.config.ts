import { defineConfig } from 'tsup';

// One ESM bundle for the server; the contract is bundled from source, node_modules stay external.
export default defineConfig({
  // The PDF worker is an entry of its own: worker threads load it by file (papers/pdf-pool.ts).
  entry: ['src/server.ts', 'src/cli/*.ts', 'src/papers/pdf-worker.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: false,
  noExternal: ['@safarnama/contract'],
});
