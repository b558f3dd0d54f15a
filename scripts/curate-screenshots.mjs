// `npm run screenshots`: copies the main pages' pictures from the last e2e run (.tmp/screenshots, every page) into
// docs/screenshots as palette PNGs, one desktop and one phone image a page, so the repository keeps a small curated set.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const from = path.join(root, '.tmp/screenshots');
const to = path.join(root, 'docs/screenshots');

/** The main pages, in the order a visitor, a customer, staff and the Owner meet them. */
export const MAIN_PAGES = [
  'home',
  'packages',
  'package-details',
  'contact',
  'register',
  'login',
  'customer-dashboard',
  'view-inquiry-customer',
  'trip',
  'trip-vouchers',
  'trip-offline',
  'supplier-booking-request',
  'staff-dashboard',
  'all-inquiries',
  'view-inquiry',
  'edit-inquiry',
  'create-inquiry-offline',
  'owner-dashboard',
  'manage-packages',
  'manage-staff',
  'reports',
  'owner-payables',
];
/** A full-page picture taller than this is cut: the top of a long list shows how it looks. */
const MAX_HEIGHT = 3_500;

const missing = MAIN_PAGES.flatMap((page) =>
  ['desktop', 'phone'].map((width) => `${page}-${width}.png`).filter((f) => !fs.existsSync(path.join(from, f))),
);
if (missing.length) {
  console.error(`Run the e2e suite first (npm run test:e2e): ${from} lacks ${missing.join(', ')}`);
  process.exit(1);
}
fs.rmSync(to, { recursive: true, force: true });
fs.mkdirSync(to, { recursive: true });
let total = 0;
for (const page of MAIN_PAGES) {
  for (const width of ['desktop', 'phone']) {
    const image = sharp(path.join(from, `${page}-${width}.png`));
    const { width: w = 0, height: h = 0 } = await image.metadata();
    const out = path.join(to, `${page}-${width}.png`);
    await image
      .extract({ left: 0, top: 0, width: w, height: Math.min(h, MAX_HEIGHT) })
      .png({ palette: true, quality: 60, compressionLevel: 9, effort: 10 })
      .toFile(out);
    total += fs.statSync(out).size;
  }
}
console.info(`docs/screenshots: ${MAIN_PAGES.length * 2} pictures, ${(total / 1e6).toFixed(2)} MB`);
