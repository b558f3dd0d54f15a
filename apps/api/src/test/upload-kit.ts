// Test helpers for uploads: real image files made with sharp, multipart bodies, and counting what an
// upload left on disk and in the database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import type { TestApp } from './helper';
import { uploadsDirOf } from '../uploads/image-store';

export type Part =
  { name: string; value: string } | { name: string; file: Buffer; filename?: string; contentType?: string };

/** A multipart/form-data body for app.inject, byte for byte what a browser sends. */
export function multipart(parts: readonly Part[]) {
  const boundary = `----safarnama${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n`));
      chunks.push(Buffer.from(part.value, 'utf8'));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename ?? 'photo.png'}"\r\n` +
            `Content-Type: ${part.contentType ?? 'image/png'}\r\n\r\n`,
        ),
      );
      chunks.push(part.file);
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A PNG of the given size and colour. */
export const makePng = (width = 640, height = 400, background = '#2a9d8f') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A JPEG with EXIF (camera, copyright, orientation 6) that must not survive the pipeline. */
export const makeJpegWithExif = (width = 600, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: '#e76f51' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Safarnama Test Camera', Copyright: 'secret owner' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** Files currently in the app's uploads folder. */
export const uploadedFiles = (t: TestApp) => fs.readdirSync(uploadsDirOf(t.config.DATA_DIR)).sort();

/** Rows in the catalogue tables. */
export async function catalogueRowCounts(t: TestApp) {
  const count = async (table: 'packages' | 'package_images' | 'background_images') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    packages: await count('packages'),
    packageImages: await count('package_images'),
    backgrounds: await count('background_images'),
  };
}

/** The text fields of a valid package form. */
export function packageFields(overrides: Record<string, string> = {}): Part[] {
  const fields: Record<string, string> = {
    name: 'Kerala Backwaters Escape',
    description: 'Kochi, Munnar, Alleppey',
    price: '24999',
    duration: '6',
    packageOverview: 'Houseboats, tea gardens and **slow mornings** on the water.',
    tourItinerary: '**Day 1:** Arrive in Kochi\n**Day 2:** Munnar tea estates',
    inclusions: 'Hotel stays\n\nAll breakfasts\n  \nAirport transfers',
    exclusions: 'Flights\nPersonal expenses',
    importantNotes: 'Carry an ID\n\n',
    ...overrides,
  };
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}
