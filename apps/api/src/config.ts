// Configuration: every environment variable, parsed once at start, typed and frozen (decisions §7).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  DEFAULT_GST_RATE,
  PAYMENT_ADVANCE_PERCENT,
  UPI_ID_PATTERN,
  isValidGstin,
} from '@safarnama/contract/payments-rules';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository's root (this file is apps/api/src/config.ts, or bundled into apps/api/dist). */
export const PROJECT_ROOT = path.resolve(here, '../../..');

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : ['true', '1', 'yes'].includes(v)));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** '24h', '30m', '7d', '3600' (seconds) → seconds. */
const duration = z
  .string()
  .regex(/^\d+\s*[smhd]?$/, { error: 'must be a number of seconds or like 30m, 24h, 7d' })
  .transform((v) => {
    const n = Number.parseInt(v, 10);
    const unit = v.trim().slice(-1);
    const factor = unit === 'm' ? 60 : unit === 'h' ? 3600 : unit === 'd' ? 86400 : 1;
    return n * factor;
  })
  .refine((s) => s >= 60, { error: 'must be at least one minute' });

const envSchema = z.object({
  /** TCP port of the one process that serves API, uploads and web. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Folder for the SQLite file, uploads and the generated JWT secret. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… selects PostgreSQL; empty means the SQLite file in DATA_DIR. */
  DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    error: 'must start with postgres:// (or be empty for SQLite)',
  }),
  /** HS256 secret (≥ 32 characters); generated once and kept in the database when absent (D24). */
  JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
    error: 'must be at least 32 characters',
  }),
  /** Token lifetime. */
  JWT_TTL: duration.default(24 * 3600),
  /** smtp(s)://user:pass@host:port; empty logs mails to the console instead. */
  SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    error: 'must start with smtp:// or smtps://',
  }),
  /** Sender of OTP mails. */
  MAIL_FROM: z.string().default('Safarnama <no-reply@safarnama.example>'),
  /**
   * Seed the demo agency into an empty database. Unset, it is on only for the embedded default (SQLite, no
   * OWNER_EMAIL): a deployment on PostgreSQL or with its own Owner gets no demo accounts unless it asks (D24).
   */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v))),
  /** Owner bootstrap (D2): created at start when no Owner exists. */
  OWNER_EMAIL: optionalString.refine((v) => v === undefined || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
    error: 'must be an e-mail address',
  }),
  OWNER_PASSWORD: optionalString,
  OWNER_NAME: z.string().default('Owner'),
  /** Site settings (D13). */
  SITE_NAME: z.string().default('Safarnama'),
  SITE_PHONE: z.string().default('+91 98765 43210'),
  /**
   * The agency's number at any hour during a trip (issue 53), printed on vouchers and shown on the trip page;
   * unset, SITE_PHONE (emergencyPhoneOf).
   */
  SITE_EMERGENCY_PHONE: optionalString,
  SITE_EMAIL: z.string().default('hello@safarnama.example'),
  SITE_WHATSAPP: z
    .string()
    .regex(/^\+?\d{8,15}$/, { error: 'must be digits with the country code, e.g. 919876543210' })
    .default('919876543210'),
  /** The agency's postal address, shown to search engines (JSON-LD) and on invoices; none by default. */
  SITE_ADDRESS: optionalString,
  /**
   * The agency's GSTIN (D32), check character verified; set, quotations carry GST and invoices are tax invoices
   * (GST_LEGAL_NAME and SITE_ADDRESS then required). Unset: an unregistered agency, no GST anywhere.
   */
  GST_NUMBER: optionalString
    .transform((v) => v?.replace(/\s+/g, '').toUpperCase())
    .refine((v) => v === undefined || isValidGstin(v), {
      error: 'must be a GSTIN of 15 characters whose last character checks, e.g. 27AAPFU0939F1ZV',
    }),
  /** The registered (legal) name printed on tax invoices. */
  GST_LEGAL_NAME: optionalString,
  /** GST on tour operator services, percent (D32: 5, the contract's payments-rules.ts says where it comes from). */
  GST_RATE: z.coerce
    .number({ error: 'must be a number of percent, e.g. 5' })
    .min(0.01, { error: 'must be more than 0' })
    .max(28, { error: 'must be at most 28' })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, {
      error: 'must have at most two decimals',
    })
    .default(DEFAULT_GST_RATE),
  /** The public address of the site (mails' links, canonical links, sitemap, link previews); http://localhost:PORT by default. */
  SITE_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(v), {
    error: 'must be an http:// or https:// address, e.g. https://www.example.com',
  }),
  SITE_SOCIAL_FACEBOOK: optionalString,
  SITE_SOCIAL_INSTAGRAM: optionalString,
  SITE_SOCIAL_TWITTER: optionalString,
  SITE_SOCIAL_YOUTUBE: optionalString,
  /** D31: the agency's UPI id (VPA, name@handle) the trip page's QR codes pay; unset, the page shows SITE_BANK_*. */
  SITE_UPI_ID: optionalString.refine((v) => v === undefined || UPI_ID_PATTERN.test(v), {
    error: 'must be a UPI id like agency@okaxis',
  }),
  /** D31: the bank account the trip page shows without a UPI id (all of name, account name, number and IFSC). */
  SITE_BANK_NAME: optionalString,
  SITE_BANK_ACCOUNT_NAME: optionalString,
  SITE_BANK_ACCOUNT: optionalString.refine((v) => v === undefined || /^\d{6,20}$/.test(v), {
    error: 'must be the account number, 6 to 20 digits',
  }),
  SITE_BANK_IFSC: optionalString.refine((v) => v === undefined || /^[A-Z]{4}0[A-Z0-9]{6}$/.test(v), {
    error: 'must be an IFSC like HDFC0001234',
  }),
  SITE_BANK_BRANCH: optionalString,
  /** D31: the advance's share of an accepted quotation's total, in percent. */
  PAYMENT_ADVANCE_PERCENT: z.coerce.number().min(0).max(100).default(PAYMENT_ADVANCE_PERCENT),
  /**
   * Believe X-Forwarded-For (only behind proxies you run): 'true' trusts one proxy, a number that many
   * hops. Only the entries our own proxies appended count; anything further left is client-written.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const s = (v ?? '').trim().toLowerCase();
      if (['', 'false', '0', 'no'].includes(s)) return 0;
      if (['true', 'yes'].includes(s)) return 1;
      if (/^[1-9]$/.test(s)) return Number(s);
      ctx.addIssue({ code: 'custom', message: 'must be true, false or a number of proxy hops (1-9)' });
      return z.NEVER;
    }),
  /** Seconds a request may take to send its body (D14: 408 after). */
  REQUEST_TIMEOUT: z.coerce.number().int().min(1).max(3600).default(30),
  /** Seconds an upload (multipart) may take to send its body: ten 10 MB images at about 1 Mbit/s. */
  UPLOAD_TIMEOUT: z.coerce.number().int().min(1).max(7200).default(900),
  /** PDF layouts at once, each in a worker thread (papers/pdf-pool.ts); absent: the cores less one, at least one. */
  PDF_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** PDFs that may wait for a worker; one more is answered 503 with Retry-After. */
  PDF_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  /** Serve OpenAPI docs at /api/docs (D20). */
  API_DOCS: bool(true),
  /** pino level. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built web app to serve; defaults to apps/web/dist. */
  WEB_DIR: optionalString.transform((v) => v ?? path.resolve(here, '../../web/dist')),
  /** Multiplies every rate limit (tests and load benchmarks raise it; production keeps 1). */
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  /** redis://… keeps rate limits and login budgets in Redis, shared by every instance (D29); empty keeps them in memory. */
  REDIS_URL: optionalString.refine((v) => v === undefined || /^rediss?:\/\//.test(v), {
    error: 'must start with redis:// or rediss://',
  }),
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().default('safarnama:'),
  /**
   * A folder every instance mounts for uploaded images. Unset: DATA_DIR/uploads on SQLite, the database itself on
   * PostgreSQL (D29).
   */
  UPLOADS_DIR: optionalString,
  /** Bearer token that opens GET /metrics (Prometheus); unset, /metrics is off. */
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
    error: 'must be at least 16 characters',
  }),
});

export type Config = Readonly<
  Omit<z.output<typeof envSchema>, 'DATA_DIR' | 'WEB_DIR' | 'SEED_DEMO' | 'SITE_URL' | 'UPLOADS_DIR'> & {
    DATA_DIR: string;
    /** An absolute folder, or undefined when images live in the database. */
    UPLOADS_DIR: string | undefined;
    WEB_DIR: string;
    SEED_DEMO: boolean;
    /** Without a trailing slash. */
    SITE_URL: string;
    /** 'sqlite' unless DATABASE_URL points at PostgreSQL. */
    dbEngine: 'sqlite' | 'postgres';
  }
>;

export class ConfigError extends Error {}

/** Parses the environment once; a bad value throws naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.OWNER_EMAIL && !c.OWNER_PASSWORD) {
    throw new ConfigError('Invalid configuration:\n  OWNER_PASSWORD: is required when OWNER_EMAIL is set');
  }
  if (c.GST_NUMBER) {
    // A tax invoice names the supplier's legal name and address (Rule 46(a)): a GSTIN without them cannot issue one.
    const missing = (['GST_LEGAL_NAME', 'SITE_ADDRESS'] as const).filter((k) => !c[k]);
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: is required when GST_NUMBER is set`).join('\n')}`,
      );
    }
  }
  return Object.freeze({
    ...c,
    DATA_DIR: path.resolve(c.DATA_DIR),
    UPLOADS_DIR: c.UPLOADS_DIR
      ? path.resolve(c.UPLOADS_DIR)
      : c.DATABASE_URL
        ? undefined
        : path.join(path.resolve(c.DATA_DIR), 'uploads'),
    WEB_DIR: path.resolve(c.WEB_DIR),
    SEED_DEMO: c.SEED_DEMO ?? (c.DATABASE_URL === undefined && c.OWNER_EMAIL === undefined),
    SITE_URL: (c.SITE_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    dbEngine: c.DATABASE_URL ? 'postgres' : 'sqlite',
  });
}

/**
 * Reads `.env` in the project root into process.env when the file exists (Node's own parser); variables
 * already set in the environment win over the file.
 */
export function loadEnvFile(file = path.join(PROJECT_ROOT, '.env')): void {
  if (!fs.existsSync(file)) return;
  try {
    process.loadEnvFile(file);
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
