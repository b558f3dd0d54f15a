// Issue 8, item 5: a corpus of hostile uploads beyond uploads/upload.test.ts (which already covers SVG, HTML and
// text by name, HEIC, truncated files, a 100-megapixel PNG, oversize files, too many files and long fields):
// polyglots, forged dimensions, broken and abusive multipart, traversal file names, a Content-Length that
// lies, over a real socket too. Every one is refused with a 4xx and leaves no row and no file; valid
// images with hostile names or hidden metadata are stored only as re-encoded WebP with no metadata.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '@safarnama/contract';
import { testEngines } from '../helper';
import { bearer, createUser, type CreatedUser } from '../factories';
import { checkThenClose, createAccountsTestApp, type AccountsTestApp } from '../accounts-kit';
import { catalogueRowCounts, makePng, multipart, packageFields, uploadedFiles, type Part } from '../upload-kit';
import { LEAK_PATTERN, expectNoStoredSecretsInResponses, recordFigures } from './security-kit';

const MARKER = 'SAFARNAMA-HIDDEN-PAYLOAD';
const SCRIPT = `<script>alert("${MARKER}")</script>`;

const file = (data: Buffer, filename = 'photo.png', contentType = 'image/png'): Part => ({
  name: 'images',
  file: data,
  filename,
  contentType,
});

/** A PNG whose IHDR claims `width`×`height` (CRC fixed up) over a few bytes of data. */
async function forgedPng(width: number, height: number) {
  const png = Buffer.from(await makePng(8, 8));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  const crc = crc32(png.subarray(12, 29));
  png.writeUInt32BE(crc, 29);
  return png;
}

function crc32(buf: Buffer) {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A GIF whose logical screen claims 65535×65535. */
async function forgedGif() {
  const gif = Buffer.from(
    await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer(),
  );
  gif.writeUInt16LE(65535, 6);
  gif.writeUInt16LE(65535, 8);
  return gif;
}

/** A JPEG whose SOF claims 65500×65500. */
async function forgedJpeg() {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer(),
  );
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(65500, i + 5);
      jpeg.writeUInt16BE(65500, i + 7);
      break;
    }
  }
  return jpeg;
}

interface Hostile {
  name: string;
  /** Parts after the route's valid text fields; or a whole raw body with its content type. */
  parts?: () => Promise<Part[]>;
  raw?: () => Promise<{ payload: Buffer | string; contentType: string }>;
}

const boundary = '----corpus0123456789';
const rawForm =
  (body: string, type = `multipart/form-data; boundary=${boundary}`) =>
  async () => ({
    payload: body.replace(/\n/g, '\r\n'),
    contentType: type,
  });

const HOSTILE: Hostile[] = [
  {
    name: 'GIF header + JavaScript (GIFAR-style polyglot)',
    parts: async () => [file(Buffer.from(`GIF89a/*\x00\x00*/=1;${SCRIPT}`), 'x.gif', 'image/gif')],
  },
  {
    name: 'PNG signature + HTML',
    parts: async () => [
      file(Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from(`<html>${SCRIPT}</html>`)])),
    ],
  },
  {
    name: 'JPEG SOI + HTML',
    parts: async () => [
      file(
        Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), Buffer.from(`<html>${SCRIPT}</html>`)]),
        'x.jpg',
        'image/jpeg',
      ),
    ],
  },
  {
    name: 'RIFF/WEBP header + script',
    parts: async () => [file(Buffer.from(`RIFF\x10\x00\x00\x00WEBPVP8 ${SCRIPT}`), 'x.webp', 'image/webp')],
  },
  {
    name: 'AVIF ftyp box + junk',
    parts: async () => {
      const b = Buffer.alloc(64);
      b.writeUInt32BE(24, 0);
      b.write('ftypavifmif1avif', 4, 'latin1');
      b.write(SCRIPT, 28, 'latin1');
      return [file(b, 'x.avif', 'image/avif')];
    },
  },
  {
    name: 'SVG with script, gzip-compressed (svgz)',
    parts: async () => {
      const { gzipSync } = await import('node:zlib');
      return [file(gzipSync(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`), 'x.svgz', 'image/svg+xml')];
    },
  },
  {
    name: 'SVG with script in UTF-16',
    parts: async () => [
      file(
        Buffer.concat([
          Buffer.from([0xff, 0xfe]),
          Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`, 'utf16le'),
        ]),
        'x.png',
      ),
    ],
  },
  {
    name: 'XML with an external entity (XXE)',
    parts: async () => [
      file(
        Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><svg>&e;</svg>'),
        'x.png',
      ),
    ],
  },
  {
    name: 'a PDF named .png',
    parts: async () => [file(Buffer.from(`%PDF-1.4\n1 0 obj << /JS (${SCRIPT}) >>\nendobj\n%%EOF`))],
  },
  { name: 'an empty file with a name', parts: async () => [file(Buffer.alloc(0))] },
  { name: 'a PNG whose header claims 100000×100000', parts: async () => [file(await forgedPng(100_000, 100_000))] },
  { name: 'a PNG whose header claims 7000×7000 (49 MP)', parts: async () => [file(await forgedPng(7000, 7000))] },
  {
    name: 'a JPEG whose frame claims 65500×65500',
    parts: async () => [file(await forgedJpeg(), 'x.jpg', 'image/jpeg')],
  },
  {
    name: 'a traversal file name on a non-image',
    parts: async () => [file(Buffer.from(SCRIPT), '../../../../tmp/pwned.html', 'text/html')],
  },
  {
    name: 'more form fields than allowed',
    parts: async () => [
      file(await makePng(32, 32)),
      ...Array.from({ length: UPLOAD_LIMITS.maxFields + 5 }, (_, i) => ({ name: `f${i}`, value: 'x' })),
    ],
  },
  {
    name: 'more parts than allowed (empty file parts)',
    parts: async () =>
      Array.from({ length: UPLOAD_LIMITS.maxFiles + UPLOAD_LIMITS.maxFields + 5 }, () => file(Buffer.alloc(0), '')),
  },
  {
    name: 'a __proto__ field name',
    parts: async () => [file(await makePng(32, 32)), { name: '__proto__', value: '{"polluted":true}' }],
  },
  {
    name: 'a constructor.prototype field name',
    parts: async () => [
      file(await makePng(32, 32)),
      { name: 'constructor', value: 'x' },
      { name: 'prototype', value: 'x' },
    ],
  },
  {
    name: 'a body without the closing boundary',
    raw: rawForm(
      `--${boundary}\nContent-Disposition: form-data; name="images"; filename="a.png"\nContent-Type: image/png\n\n\x89PNG\n`,
    ),
  },
  {
    name: 'a body with another boundary than announced',
    raw: rawForm(`--other\nContent-Disposition: form-data; name="images"; filename="a.png"\n\nabc\n--other--\n`),
  },
  {
    name: 'multipart without a boundary parameter',
    raw: rawForm(`--${boundary}\n\n--${boundary}--\n`, 'multipart/form-data'),
  },
  {
    name: 'a part without Content-Disposition',
    raw: rawForm(`--${boundary}\nContent-Type: image/png\n\n\x89PNG\n--${boundary}--\n`),
  },
  {
    name: 'a boundary of 200 characters',
    raw: async () => {
      const b = 'b'.repeat(200);
      return {
        payload: `--${b}\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--${b}--\r\n`,
        contentType: `multipart/form-data; boundary=${b}`,
      };
    },
  },
  {
    name: 'multipart/mixed instead of form-data',
    raw: rawForm(`--${boundary}\n\nabc\n--${boundary}--\n`, `multipart/mixed; boundary=${boundary}`),
  },
  {
    name: 'JSON claiming to carry images',
    raw: async () => ({
      payload: JSON.stringify({ images: ['file:///etc/passwd'], name: 'x' }),
      contentType: 'application/json',
    }),
  },
  {
    name: 'a form field sent as application/json',
    raw: rawForm(
      `--${boundary}\nContent-Disposition: form-data; name="name"\nContent-Type: application/json\n\n{"__proto__":{"polluted":1}}\n--${boundary}--\n`,
    ),
  },
];

/** Valid images whose name or hidden content is hostile: stored, but only as clean server-made WebP. */
async function neutralisedCorpus(): Promise<{ name: string; part: Part }[]> {
  const base = () => sharp({ create: { width: 120, height: 80, channels: 3, background: '#2a9d8f' } });
  const exif = { IFD0: { Make: MARKER, Copyright: MARKER, ImageDescription: SCRIPT } };
  const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description about="${MARKER}"/></rdf:RDF></x:xmpmeta>`;
  const png = await makePng(120, 80);
  return [
    // libnsgif sizes the canvas by the frame, not the claimed screen: a harmless 4×4 image comes out.
    { name: 'a GIF whose screen claims 65535×65535', part: file(await forgedGif(), 'x.gif', 'image/gif') },
    { name: 'traversal name ../../', part: file(png, '../../../../etc/cron.d/pwned.png') },
    { name: 'traversal name with backslashes', part: file(png, '..\\..\\..\\windows\\pwned.png') },
    { name: 'absolute path name', part: file(png, '/etc/passwd') },
    { name: 'name with a NUL byte', part: file(png, 'photo.php\u0000.png') },
    { name: 'name with HTML', part: file(png, `<img src=x onerror=alert(1)>${SCRIPT}.png`) },
    {
      name: 'a valid PNG with HTML after IEND',
      part: file(Buffer.concat([png, Buffer.from(`<html>${SCRIPT}</html>`)])),
    },
    {
      name: 'a JPEG with EXIF (camera, GPS-free description) and XMP',
      part: file(await base().jpeg().withExif(exif).withXmp(xmp).toBuffer(), 'x.jpg', 'image/jpeg'),
    },
    { name: 'a PNG with an eXIf chunk and XMP', part: file(await base().png().withExif(exif).withXmp(xmp).toBuffer()) },
    {
      name: 'a WebP with EXIF and XMP',
      part: file(await base().webp().withExif(exif).withXmp(xmp).toBuffer(), 'x.webp', 'image/webp'),
    },
    {
      name: 'a JPEG with an ICC profile and EXIF orientation',
      part: file(await base().jpeg().withMetadata({ orientation: 8 }).withExif(exif).toBuffer(), 'x.jpg', 'image/jpeg'),
    },
  ];
}

describe.each(testEngines)('hostile upload corpus on %s', (engine) => {
  let t: AccountsTestApp;
  let owner: CreatedUser;
  const tried = { hostile: 0, neutralised: 0, socket: 0 };

  beforeAll(async () => {
    t = await createAccountsTestApp(engine);
    owner = await createUser(t, { role: 'Owner' });
  });
  afterAll(() =>
    checkThenClose(t, async () => {
      await expectNoStoredSecretsInResponses(t);
      recordFigures('uploads', engine, {
        hostileUploadsRefused: tried.hostile,
        neutralisedUploadsStored: tried.neutralised,
        socketLevelAttempts: tried.socket,
        uploadsTried: tried.hostile + tried.neutralised + tried.socket,
      });
    }),
  );

  const routes = [
    { url: '/api/packages', fields: () => packageFields() },
    { url: '/api/backgrounds', fields: () => [] as Part[] },
  ];

  // One accepted upload must not make every later case fail too.
  afterEach(async () => {
    await t.app.db.deleteFrom('package_images').execute();
    await t.app.db.deleteFrom('packages').execute();
    await t.app.db.deleteFrom('background_images').execute();
    for (const name of uploadedFiles(t)) fs.rmSync(path.join(t.config.DATA_DIR, 'uploads', name));
  });

  const expectNothingLeft = async (what: string) => {
    expect(await catalogueRowCounts(t), what).toEqual({ packages: 0, packageImages: 0, backgrounds: 0 });
    expect(uploadedFiles(t), what).toEqual([]);
  };

  for (const route of routes) {
    for (const hostile of HOSTILE) {
      it(`${route.url}: refuses ${hostile.name}`, async () => {
        let payload: Buffer | string;
        let contentType: string;
        if (hostile.raw) ({ payload, contentType } = await hostile.raw());
        else {
          const form = multipart([...route.fields(), ...(await hostile.parts!())]);
          payload = form.payload;
          contentType = form.headers['content-type'];
        }
        const res = await t.api({
          method: 'POST',
          url: route.url,
          payload,
          headers: { 'content-type': contentType, ...bearer(owner.token) },
        });
        tried.hostile++;
        expect(res.statusCode, `${hostile.name}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${hostile.name}: ${res.body}`).toBeLessThan(500);
        expect(Object.keys(res.json())).toContain('message');
        expect(res.body).not.toMatch(LEAK_PATTERN);
        expect(res.body).not.toContain(MARKER);
        await expectNothingLeft(hostile.name);
      });
    }
  }

  it('stores valid images with hostile names or hidden metadata only as clean, server-named WebP', async () => {
    const dataDir = t.config.DATA_DIR;
    const outside = () => fs.readdirSync(dataDir).sort();
    const before = outside();
    const corpus = await neutralisedCorpus();
    for (const { name, part } of corpus) {
      const form = multipart([part]);
      const res = await t.api({
        method: 'POST',
        url: '/api/backgrounds',
        payload: form.payload,
        headers: { ...form.headers, ...bearer(owner.token) },
      });
      tried.neutralised++;
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
      const [stored] = res.json() as { _id: string; imageUrl: string }[];
      expect(stored!.imageUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}-960\.webp$/);
      expect(res.body).not.toContain(MARKER);
    }
    // Nothing was written outside the uploads folder, and every stored file is a bare WebP.
    expect(outside()).toEqual(before);
    expect(fs.existsSync('/tmp/pwned.html')).toBe(false);
    const files = uploadedFiles(t);
    expect(files.length).toBe(corpus.length * 3);
    for (const name of files) {
      expect(name).toMatch(/^[0-9a-f-]{36}-(480|960|1600)\.webp$/);
      const bytes = fs.readFileSync(path.join(dataDir, 'uploads', name));
      expect(bytes.includes(MARKER), `${name} carries the hidden payload`).toBe(false);
      expect(bytes.includes('<script'), `${name} carries a script`).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width! * meta.height!).toBeLessThanOrEqual(UPLOAD_LIMITS.maxPixels);
      expect(meta.exif, `${name} carries EXIF`).toBeUndefined();
      expect(meta.xmp, `${name} carries XMP`).toBeUndefined();
      expect(meta.iptc, `${name} carries IPTC`).toBeUndefined();
      // Served with its real type and nosniff, so no browser reads it as HTML.
      const served = await t.api({ method: 'GET', url: `/uploads/${name}` });
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
    // Clean up through the API, so the refusal tests above and below still start from nothing.
    const list = (await t.api({ method: 'GET', url: '/api/backgrounds' })).json() as { _id: string }[];
    for (const bg of list) {
      const del = await t.api({ method: 'DELETE', url: `/api/backgrounds/${bg._id}`, headers: bearer(owner.token) });
      expect(del.statusCode).toBe(200);
    }
    await expectNothingLeft('after deleting the neutralised uploads');
  });

  describe('over a real socket', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as net.AddressInfo).port;
    });

    /** Writes raw bytes, answers everything the server sent back before closing (or `waitMs`). */
    const rawRequest = (head: string, body: Buffer, waitMs = 3000) =>
      new Promise<string>((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        let out = '';
        const done = () => {
          socket.destroy();
          resolve(out);
        };
        const timer = setTimeout(done, waitMs);
        socket.on('data', (c) => (out += c.toString('latin1')));
        socket.on('close', () => {
          clearTimeout(timer);
          resolve(out);
        });
        socket.on('error', () => undefined);
        socket.write(head.replace(/\n/g, '\r\n'));
        socket.write(body);
      });

    const uploadHead = (contentType: string, length: number) =>
      `POST /api/backgrounds HTTP/1.1\nHost: localhost\nAuthorization: Bearer ${owner.token}\n` +
      `Content-Type: ${contentType}\nContent-Length: ${length}\nConnection: close\n\n`;

    it('refuses an understated Content-Length (the body is cut mid-image) and keeps nothing', async () => {
      const form = multipart([file(await makePng(400, 300)), file(await makePng(300, 200))]);
      const cut = Math.floor(form.payload.length * 0.6);
      const reply = await rawRequest(uploadHead(form.headers['content-type'], cut), form.payload);
      tried.socket++;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1]);
      expect(status, reply.slice(0, 300)).toBeGreaterThanOrEqual(400);
      expect(status, reply.slice(0, 300)).toBeLessThan(500);
      expect(reply).not.toMatch(LEAK_PATTERN);
      await expectNothingLeft('understated Content-Length');
    });

    it('keeps nothing when the client promises more than it sends and hangs up', async () => {
      const form = multipart([file(await makePng(400, 300))]);
      await rawRequest(uploadHead(form.headers['content-type'], form.payload.length * 3), form.payload, 500);
      tried.socket++;
      // The server notices the abort; give it a moment, then nothing may remain.
      await new Promise((r) => setTimeout(r, 300));
      await expectNothingLeft('overstated Content-Length, then hang-up');
    });

    it('refuses a Content-Length larger than any upload may be before reading it', async () => {
      const huge = UPLOAD_LIMITS.maxFileBytes * (UPLOAD_LIMITS.maxFiles + 2);
      const reply = await rawRequest(
        uploadHead(`multipart/form-data; boundary=${boundary}`, huge),
        Buffer.from(`--${boundary}\r\n`),
        2000,
      );
      tried.socket++;
      // Either an early 413 or, at the latest, no stored file when the client gives up.
      if (reply) expect(Number(/^HTTP\/1\.1 (\d{3})/.exec(reply)?.[1])).toBeLessThan(500);
      await expectNothingLeft('huge Content-Length');
    });
  });
});
