// Every D11 refusal, through both upload routes: the right status and message, and no row or file left.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_MESSAGES, UPLOAD_LIMITS, UPLOAD_MESSAGES } from '@safarnama/contract';
import { createTestApp, testEngines, type TestApp } from '../test/helper';
import { bearer, createUser } from '../test/factories';
import { catalogueRowCounts, makePng, multipart, packageFields, uploadedFiles, type Part } from '../test/upload-kit';

interface Refusal {
  name: string;
  parts: () => Promise<Part[]>;
  status: number;
  message: string;
}

const svg = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">' +
    '<script>alert(1)</script><rect width="100" height="100" fill="red"/></svg>',
);
const image = (file: Buffer, filename = 'photo.png', contentType = 'image/png'): Part => ({
  name: 'images',
  file,
  filename,
  contentType,
});

let pixelBomb: Promise<Buffer> | undefined;

const refusals: Refusal[] = [
  {
    name: 'an SVG named .png',
    parts: async () => [image(svg)],
    status: 400,
    message: UPLOAD_MESSAGES.notAnImage,
  },
  {
    name: 'an SVG sent as image/svg+xml',
    parts: async () => [image(svg, 'x.svg', 'image/svg+xml')],
    status: 400,
    message: UPLOAD_MESSAGES.notAnImage,
  },
  {
    name: 'text named .png',
    parts: async () => [image(Buffer.from('just some text, not an image at all\n'.repeat(20)))],
    status: 400,
    message: UPLOAD_MESSAGES.notAnImage,
  },
  {
    name: 'HTML named .jpg',
    parts: async () => [image(Buffer.from('<!doctype html><html><body>hi</body></html>'), 'x.jpg', 'image/jpeg')],
    status: 400,
    message: UPLOAD_MESSAGES.notAnImage,
  },
  {
    name: 'a HEIC container',
    parts: async () => {
      const ftyp = Buffer.alloc(32);
      ftyp.writeUInt32BE(24, 0);
      ftyp.write('ftypheic', 4, 'latin1');
      ftyp.write('mif1heic', 16, 'latin1');
      return [image(ftyp, 'x.heic', 'image/heic')];
    },
    status: 400,
    message: UPLOAD_MESSAGES.notAnImage,
  },
  {
    name: 'a truncated PNG',
    parts: async () => {
      const png = await makePng(900, 700, '#123456');
      return [image(png.subarray(0, Math.floor(png.length / 2)))];
    },
    status: 400,
    message: UPLOAD_MESSAGES.broken,
  },
  {
    name: 'a truncated JPEG after a good image',
    parts: async () => {
      const jpeg = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#654321' } })
        .jpeg()
        .toBuffer();
      return [image(await makePng()), image(jpeg.subarray(0, jpeg.length - 300), 'x.jpg', 'image/jpeg')];
    },
    status: 400,
    message: UPLOAD_MESSAGES.broken,
  },
  {
    name: 'a pixel bomb (10000×10000 PNG, small on the wire)',
    parts: async () => {
      // Made once: encoding 100 megapixels takes a second.
      const bomb = await (pixelBomb ??= sharp({
        create: { width: 10000, height: 10000, channels: 3, background: '#fff' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer());
      expect(bomb.length).toBeLessThan(UPLOAD_LIMITS.maxFileBytes);
      return [image(await makePng()), image(bomb)];
    },
    status: 400,
    message: UPLOAD_MESSAGES.tooManyPixels,
  },
  {
    name: 'a file over 10 MB',
    parts: async () => {
      const big = Buffer.alloc(UPLOAD_LIMITS.maxFileBytes + 1024, 7);
      (await makePng()).copy(big);
      return [image(await makePng()), image(big)];
    },
    status: 413,
    message: UPLOAD_MESSAGES.tooLarge,
  },
  {
    name: 'more than 10 files',
    parts: async () => {
      const png = await makePng(64, 64);
      return Array.from({ length: UPLOAD_LIMITS.maxFiles + 1 }, () => image(png));
    },
    status: 413,
    message: UPLOAD_MESSAGES.tooManyFiles,
  },
  {
    name: 'a form field over the field size limit',
    parts: async () => [image(await makePng()), { name: 'name', value: 'x'.repeat(UPLOAD_LIMITS.maxFieldBytes + 10) }],
    status: 413,
    message: UPLOAD_MESSAGES.fieldTooLong,
  },
];

describe.each(testEngines)('upload refusals on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = (await createUser(t, { role: 'Owner' })).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const routes = [
    { url: '/api/packages', extra: () => packageFields() },
    { url: '/api/backgrounds', extra: () => [] as Part[] },
  ];

  describe.each(routes)('$url', ({ url, extra }) => {
    it.each(refusals)('refuses $name and leaves no row and no file', async ({ parts, status, message }) => {
      const body = multipart([...extra(), ...(await parts())]);
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(owner) },
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ message });
      expect(await catalogueRowCounts(t)).toEqual({ packages: 0, packageImages: 0, backgrounds: 0 });
      expect(uploadedFiles(t)).toEqual([]);
    });

    it('refuses a body that is not multipart', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { name: 'x', images: ['/etc/passwd'] },
        headers: bearer(owner),
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.notMultipart });
      expect(uploadedFiles(t)).toEqual([]);
    });
  });

  it('accepts JPEG, PNG, WebP, AVIF and GIF by content, whatever the name says', async () => {
    const base = sharp({ create: { width: 300, height: 200, channels: 3, background: '#264653' } });
    const files = await Promise.all([
      base.clone().jpeg().toBuffer(),
      base.clone().png().toBuffer(),
      base.clone().webp().toBuffer(),
      base.clone().avif().toBuffer(),
      base.clone().gif().toBuffer(),
    ]);
    const body = multipart(files.map((file) => image(file, 'misnamed.txt', 'text/plain')));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backgrounds',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner) },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toHaveLength(5);
    expect(uploadedFiles(t)).toHaveLength(15);
    for (const name of uploadedFiles(t)) expect(name).toMatch(/^[0-9a-f-]{36}-(480|960|1600)\.webp$/);
  });

  it('refuses an upload with no image at all', async () => {
    const body = multipart([{ name: 'note', value: 'nothing attached' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backgrounds',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(owner) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(BACKGROUND_MESSAGES.selectAtLeastOne);
  });
});
