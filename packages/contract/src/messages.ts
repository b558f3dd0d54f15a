// User-facing messages of every resource (spec §8 texts verbatim), one module per resource. Free of zod so the
// web's first-load bundle can import them without the schema library, and apart so that each page's bundle carries
// only the resources it shows (the frame needs two messages of all these).
export * from './auth-messages';
export * from './staff-messages';
export * from './profile-messages';
export * from './package-messages';
export * from './background-messages';
export * from './site-messages';
export * from './dashboard-messages';
export * from './notification-messages';
export * from './text-messages';
