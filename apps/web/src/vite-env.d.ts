/// <reference types="vite/client" />
interface ImportMetaEnv {
  /** API base; empty means same origin. */
  readonly VITE_API_URL?: string;
}
