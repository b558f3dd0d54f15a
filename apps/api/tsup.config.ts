import { defineConfig } from 'tsup';

// One ESM bundle for the server; the contract is bundled from source, node_modules stay external.
export default defineConfig({
  entry: ['src/server.ts', 'src/cli/*.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: false,
  noExternal: ['@safarnama/contract'],
});
