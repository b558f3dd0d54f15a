// Uploads a phone can make (issue 29 point 5): a large camera photo, turned by its EXIF orientation, is
// shrunk upright in the browser to 2,400 px on its longest side before it goes; the upload shows its
// progress and can be cancelled, keeping what was entered.
import { expect, test, type Page } from '@playwright/test';
import { apiToken, DEMO, signIn, toast } from '../support/back-office';

test.use({ viewport: { width: 390, height: 844 } });

/**
 * A 3000×1000 JPEG of noise (a few megabytes, like a phone photo) whose EXIF says "rotate 90°": it shows
 * as 1000×3000. Made by the browser's canvas, with the EXIF segment spliced in after JFIF's.
 */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 3000;
    canvas.height = 1000;
    const context = canvas.getContext('2d')!;
    const pixels = context.createImageData(3000, 1000);
    for (let i = 0; i < pixels.data.length; i += 4) {
      pixels.data[i] = (i / 4) % 3000 < 300 ? 220 : Math.random() * 255;
      pixels.data[i + 1] = Math.random() * 255;
      pixels.data[i + 2] = Math.random() * 255;
      pixels.data[i + 3] = 255;
    }
    context.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.92));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  const jpeg = Buffer.from(base64, 'base64');
  // APP1 "Exif": a big-endian TIFF header and one IFD entry, Orientation (0x0112) = 6.
  const exif = Buffer.from(
    'FFE10022' + '457869660000' + '4D4D002A00000008' + '0001' + '011200030000000100060000' + '00000000',
    'hex',
  );
  const afterJfif = jpeg[3] === 0xe0 ? 4 + jpeg.readUInt16BE(4) : 2;
  return Buffer.concat([jpeg.subarray(0, afterJfif), exif, jpeg.subarray(afterJfif)]);
}

async function fillPackage(page: Page, name: string) {
  const form = page.locator('form').first();
  await form.getByLabel('Package name').fill(name);
  await form.getByLabel('Destinations').fill('Hampi, Badami');
  await form.getByLabel('Price per person (₹)').fill('21999');
  await form.getByLabel('Duration (days)').fill('4');
  await form.getByLabel('Package overview').fill('Boulders, temples and the Tungabhadra at dawn.');
  await form.getByLabel('Tour itinerary').fill('**Day 1:** Hampi bazaar');
  await form.getByLabel('Inclusions').fill('Breakfast');
  await form.getByLabel('Exclusions').fill('Flights');
  await form.getByLabel('Important notes').fill('Carry water');
  return form;
}

/** Slows the browser's uploads (Chromium's network emulation), so the progress can be seen. */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

async function packagesNamed(page: Page, name: string) {
  const list = (await (await page.request.get('/api/packages')).json()) as {
    _id: string;
    name: string;
    images: string[];
  }[];
  return list.filter((p) => p.name === name);
}

test('a large phone photo is shrunk upright before upload, with progress', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.owner);
  const name = `E2E Hampi Boulders ${Date.now()}`;
  await page.goto('/create-package');
  await expect(page.getByRole('heading', { name: 'Create Package', level: 1 })).toBeVisible();
  const photo = await cameraPhoto(page);
  expect(photo.length).toBeGreaterThan(2_000_000);
  const form = await fillPackage(page, name);
  await page.getByTestId('image-input').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('img', { name: 'Preview of IMG_2041.jpg' })).toBeVisible();

  const sent: { length: number }[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/packages')
      sent.push(r.postDataBuffer() ?? Buffer.alloc(0));
  });
  const cdp = await throttleUploads(page, 400 * 1024);
  await form.getByRole('button', { name: 'Add Package' }).click();
  const progress = page.getByTestId('upload-progress');
  await expect(progress.getByRole('status')).toHaveText(/^Uploading… \d{1,2}%$/);
  await expect(progress.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(progress.getByRole('button', { name: 'Cancel upload' })).toBeVisible();
  await expect(toast(page, 'Package added successfully!')).toBeVisible({ timeout: 60_000 });
  await expect(progress).toHaveCount(0);
  await cdp.detach();

  // What went was the shrunk copy, not the camera's file.
  expect(sent).toHaveLength(1);
  expect(sent[0]!.length).toBeLessThan(photo.length);
  const [created] = await packagesNamed(page, name);
  expect(created).toBeDefined();
  // The server stores widths up to 1600 without enlarging: a 1000×3000 upright photo would stay 1000×3000;
  // shrunk in the browser it is 800×2400, and upright (a sideways one would be 1600 wide).
  const largest = created!.images[0]!.replace(/-960\.webp$/, '-1600.webp');
  const size = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    return [img.naturalWidth, img.naturalHeight];
  }, largest);
  expect(size).toEqual([800, 2400]);

  const token = await apiToken(page.request, DEMO.owner);
  await page.request.delete(`/api/packages/${created!._id}`, { headers: { Authorization: `Bearer ${token}` } });
});

test('Cancel stops an upload and keeps what was entered', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.owner);
  const name = `E2E Hampi Cancelled ${Date.now()}`;
  await page.goto('/create-package');
  await expect(page.getByRole('heading', { name: 'Create Package', level: 1 })).toBeVisible();
  const photo = await cameraPhoto(page);
  const form = await fillPackage(page, name);
  await page.getByTestId('image-input').setInputFiles({ name: 'IMG_2042.jpg', mimeType: 'image/jpeg', buffer: photo });

  const cdp = await throttleUploads(page, 20 * 1024);
  await form.getByRole('button', { name: 'Add Package' }).click();
  const progress = page.getByTestId('upload-progress');
  await expect(progress.getByRole('status')).toHaveText(/^Uploading… \d{1,2}%$/);
  await progress.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(toast(page, 'Upload cancelled')).toBeVisible();
  await expect(progress).toHaveCount(0);
  await cdp.detach();

  await expect(form.getByLabel('Package name')).toHaveValue(name);
  await expect(page.getByRole('img', { name: 'Preview of IMG_2042.jpg' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Add Package' })).toBeEnabled();
  expect(await packagesNamed(page, name)).toEqual([]);
});
