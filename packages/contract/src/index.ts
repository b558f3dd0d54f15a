// The contract between the API and the web: one module per resource, holding its schemas, types, enums, limits,
// rules and user-facing messages, and beside some a zod-free <resource>-rules module with what a public page shows
// before any schema loads. The web imports those one by one ('@safarnama/contract/<module>') so that the page's
// first load carries no schema library; docs/ARCHITECTURE.md, "Where things live", lists them.
export * from './common';
export * from './common-rules';
export * from './site-rules';
export * from './site';
export * from './uploads-rules';
export * from './uploads';
export * from './offline';
export * from './auth-rules';
export * from './auth';
export * from './staff';
export * from './packages-rules';
export * from './packages';
export * from './inquiries-rules';
export * from './inquiries';
export * from './reports';
export * from './notifications-rules';
export * from './notifications';
export * from './quotes-rules';
export * from './quotes';
export * from './payments-rules';
export * from './payments';
export * from './suppliers-rules';
export * from './suppliers';
