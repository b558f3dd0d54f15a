// Stands in for the `use-sync-external-store/shim` package in the build (vite.config.ts): the shim carries a
// fallback for React 16 and 17, which wouter imports it for; React 19 has the hook itself, which the shim
// would hand back anyway, so the fallback was a kilobyte of every page's first load that never ran.
export { useSyncExternalStore } from 'react';
