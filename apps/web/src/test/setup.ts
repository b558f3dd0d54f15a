import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  // The next test starts on a fresh entry of its own (test/render.tsx).
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom does not scroll; the layout resets scroll on navigation.
window.scrollTo = () => undefined;

// jsdom has no object URLs; the previews of chosen images (uploads) need them.
URL.createObjectURL = () => 'blob:preview';
URL.revokeObjectURL = () => undefined;
