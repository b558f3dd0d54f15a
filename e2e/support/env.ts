// Where the e2e server and its mail catcher live; shared by the setup and the tests.
import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The temporary DATA_DIR of this run and the file the SMTP server appends received mails to. */
export const E2E_DIR = process.env.E2E_DIR ?? path.join(os.tmpdir(), `safarnama-e2e-${E2E_PORT}`);
export const MAILBOX_FILE = path.join(E2E_DIR, 'mailbox.jsonl');
/**
 * The web build the e2e server serves: a copy of apps/web/dist, so that app-update.spec.ts can deploy a "next build"
 * of the service worker without touching the build itself.
 */
export const E2E_WEB_DIR = path.join(E2E_DIR, 'web');
/** The e2e server's DATA_DIR (its demo logins are generated there at seed, D24). */
export const E2E_DATA_DIR = path.join(E2E_DIR, 'data');
/** Opens the e2e server's GET /metrics (D29). */
export const E2E_METRICS_TOKEN = 'e2e-metrics-token-0123456789';
/** The agency's UPI id the e2e server's trip pages pay (D31: SITE_UPI_ID), so they show QR codes. */
export const UPI_ID = 'safarnama@okaxis';
