// The contract between the API and the web: schemas, types, enums, limits and user-facing messages.
// Zod-free modules (messages, rules, formatters) are also importable one by one as
// '@safarnama/contract/<module>' so the web's first-load bundle stays free of the schema library.
export * from './roles';
export * from './messages';
export * from './drafts';
export * from './password-rules';
export * from './text-rules';
export * from './inquiry-rules';
export * from './inquiry-workflow-rules';
export * from './kolkata-time';
export * from './report-rules';
export * from './quotation-rules';
export * from './quote-rules';
export * from './inquiry-export-rules';
export * from './paper-rules';
export * from './site-links';
export * from './page-title';
export * from './public-pages';
export * from './customer-links';
export * from './web-routes';
export * from './uploads';
export * from './upload-progress';
export * from './format';
export * from './ids';
export * from './common';
export * from './password';
export * from './auth';
export * from './staff';
export * from './profile';
export * from './site';
export * from './packages';
export * from './backgrounds';
export * from './inquiries';
export * from './dashboard';
export * from './notifications';
export * from './reports';
export * from './quotes';
