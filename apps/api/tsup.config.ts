import { defineConfig } from 'tsup';

// One ESM bundle for the server; the contract is bundled from source, node_modules stay external.
export default defineConfig({
  // The workers are entries of their own: worker threads load them by file (lib/worker-file.ts).
  entry: ['src/server.ts', 'src/cli/*.ts', 'src/papers/pdf-worker.ts', 'src/inquiries/inquiry-export-worker.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: false,
  noExternal: ['@safarnama/contract'],
});
