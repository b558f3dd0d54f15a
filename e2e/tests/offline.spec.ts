// D34 with no network, on a phone: the traveller's trip page once opened reads offline (the itinerary, the
// agency's phone, its quotation PDF) with "Offline — as of", opens from the home page (the installed app's start),
// and refreshes when the connection returns; staff take
// an inquiry offline, it waits on the device across a reload and is sent exactly once when back online; a log-out
// leaves nothing of the user for the next person, offline or not.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, apiToken, createInquiry, signIn, snapPage } from '../support/back-office';
import { waitForMail } from '../support/mailbox';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A quotation staff price and send through the API; answers the trip page's path from the customer's mail. */
async function tripLink(request: APIRequestContext, customer: string) {
  const inquiry = await createInquiry(request, customer, 'Leh and Nubra');
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.staff)}` };
  const created = await request.post(`/api/inquiries/${inquiry._id}/quotes`, { headers });
  expect(created.status()).toBe(201);
  const quoteId = ((await created.json()) as { _id: string })._id;
  const put = await request.put(`/api/quotes/${quoteId}`, {
    headers,
    data: {
      days: [
        { title: 'Day 1: Arrive in Leh', text: 'Rest to get used to the height; an easy walk to Shanti Stupa.' },
        { title: 'Day 2: Over Khardung La to Nubra', text: 'Camels on the Hunder dunes at dusk.' },
      ],
      lines: [{ kind: 'hotel', description: 'Grand Dragon, 4 nights', quantity: 4, unitCost: 6000, unitPrice: 8200 }],
      inclusions: ['Inner line permits'],
      exclusions: ['Flights'],
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const sent = await request.post(`/api/quotes/${quoteId}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  const mail = await waitForMail(`${customer.toLowerCase().replace(/\W+/g, '.')}@e2e.example`, 'See your quotation');
  const link = mail.match(/See your quotation: (http\S+\/trip\/[A-Za-z0-9_-]+)/)?.[1];
  expect(link).toBeTruthy();
  return new URL(link!).pathname;
}

/** Whether this page's own address is kept for offline use (pwa/keep-offline.ts has run). */
const pageKept = (page: Page) => page.evaluate(async () => Boolean(await caches.match(location.href)));

/** What the device holds for working offline: the caches, the kept trips and the queued inquiries. */
const deviceHolds = (page: Page) =>
  page.evaluate(async () => {
    const queued = await new Promise<number>((resolve) => {
      const open = indexedDB.open('safarnama-offline');
      open.onupgradeneeded = () => open.result.createObjectStore('inquiries', { keyPath: 'key' });
      open.onsuccess = () => {
        const count = open.result.transaction('inquiries').objectStore('inquiries').count();
        count.onsuccess = () => resolve(count.result);
      };
    });
    return {
      caches: (await caches.keys()).filter((name) => name !== 'safarnama-assets' && !name.startsWith('workbox')),
      trips: localStorage.getItem('safarnama.offline-trips'),
      queued,
    };
  });

/** Accepts every alert and confirm on the page, keeping their messages to read. */
function dialogsOf(page: Page) {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** Fills the Create Inquiry form with a customer's request. */
async function fillInquiry(page: Page, name: string) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(`${name.toLowerCase().replace(/\W+/g, '.')}@e2e.example`);
  await page.getByLabel('WhatsApp number').fill('+91 98470 12345');
  await page.getByLabel('Location').fill('Spiti valley');
  await page.getByLabel('Number of adults').fill('2');
  await page.getByLabel('Budget (₹)').fill('120000');
}

/** The inquiries the API lists under this customer's name. */
async function inquiriesNamed(request: APIRequestContext, name: string) {
  const token = await apiToken(request, DEMO.staff);
  const res = await request.get(`/api/inquiries?q=${encodeURIComponent(name)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { customer: { name: string } }[]).filter((i) => i.customer.name === name);
}

test('a trip page once opened reads with no network, with its quotation, and refreshes when back online', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const customer = `Tsering Dolma ${Date.now()}`;
  const tripPath = await tripLink(page.request, customer);

  await page.goto(tripPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Leh and Nubra' })).toBeVisible();
  // The page says so once it, its chunks and its papers are kept on the device.
  await expect(page.getByText('Saved on this device')).toBeVisible({ timeout: 30_000 });
  const quotation = await page.getByRole('link', { name: 'Quotation (PDF)' }).getAttribute('href');
  expect(quotation).toMatch(/\/quotation\.pdf\?v=1$/);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Offline — as of /)).toBeVisible();
  await expect(page.getByText('Day 1: Arrive in Leh')).toBeVisible();
  await expect(page.getByText('Day 2: Over Khardung La to Nubra')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Call / })).toBeVisible();
  // Nothing to answer offline: the page is for reading.
  await expect(page.getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);
  // The quotation opens from the device: a PDF, the one kept when the page was opened.
  const paper = await page.evaluate(async (url) => {
    const res = await fetch(url);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      head: String.fromCharCode(...bytes.slice(0, 5)),
    };
  }, quotation!);
  expect(paper).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
  await snapPage(page, 'trip-offline');

  // The installed app opens at its start page: with no network too, it lists the trip, which opens from there.
  await page.goto('/');
  const onDevice = page.getByRole('region', { name: 'Your trip on this device' });
  await expect(onDevice.getByRole('link', { name: 'Leh and Nubra' })).toBeVisible();
  await snapPage(page, 'home-offline');
  await onDevice.getByRole('link', { name: 'Leh and Nubra' }).click();
  await expect(page.getByText(/^Offline — as of /)).toBeVisible();
  await expect(page.getByText('Day 2: Over Khardung La to Nubra')).toBeVisible();

  // Back online, the page reads the trip again by itself.
  await context.setOffline(false);
  await expect(page.getByText(/^Offline — as of /)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Accept', exact: true })).toBeVisible();

  // Removed from the device (a shared phone): the home page lists it no more, and its page and papers are gone.
  await page.goto('/');
  await page.getByRole('button', { name: 'Remove from this device: Leh and Nubra' }).click();
  await expect(page.getByRole('region', { name: 'Your trip on this device' })).toHaveCount(0);
  await expect.poll(() => deviceHolds(page)).toMatchObject({ trips: null });
  const kept = await page.evaluate(async () =>
    (await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys())))
      .flat()
      .map((request) => new URL(request.url).pathname)
      .filter((path) => /^\/(trip|api\/trips)\//.test(path)),
  );
  expect(kept).toEqual([]);
});

test('staff take an inquiry offline; it waits across a reload and is sent exactly once when back online', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  const dialogs = dialogsOf(page);
  await signIn(page, DEMO.staff);
  await page.goto('/create-inquiry');
  await expect(page.getByLabel('Full name')).toBeVisible();
  await expect.poll(() => pageKept(page), { timeout: 30_000 }).toBe(true);

  await context.setOffline(true);
  const customer = `Padma Angmo ${Date.now()}`;
  await fillInquiry(page, customer);
  await page.getByRole('button', { name: 'Create Inquiry' }).click();
  await expect
    .poll(() => dialogs)
    .toEqual([expect.stringMatching(/^No connection: the inquiry is kept on this device/)]);
  const waiting = page.getByRole('region', { name: 'Waiting to send (1)' });
  await expect(waiting).toContainText(customer);
  // The form is empty again, for the next customer.
  await expect(page.getByLabel('Full name')).toHaveValue('');

  // A reload with no network: the page opens from the device, the inquiry still waits.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Waiting to send (1)' })).toContainText(customer);
  await snapPage(page, 'create-inquiry-offline');
  expect(await inquiriesNamed(page.request, customer)).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByText('The inquiry taken offline was sent.')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Waiting to send/ })).toHaveCount(0);
  // Once, though the connection's return and the page's timer may both have tried.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Create Inquiry' })).toBeVisible();
  const made = await inquiriesNamed(page.request, customer);
  expect(made).toHaveLength(1);
  expect(made[0]).toMatchObject({ location: 'Spiti valley' });
});

test('after a log-out the device shows nothing of the last user, offline or not', async ({ page, context }) => {
  test.setTimeout(180_000);
  const tripPath = await tripLink(page.request, `Stanzin Norbu ${Date.now()}`);
  const dialogs = dialogsOf(page);
  await signIn(page, DEMO.staff);
  await page.goto(tripPath);
  await expect(page.getByText('Saved on this device')).toBeVisible({ timeout: 30_000 });
  await page.goto('/create-inquiry');
  await expect(page.getByLabel('Full name')).toBeVisible();
  await expect.poll(() => pageKept(page), { timeout: 30_000 }).toBe(true);

  await context.setOffline(true);
  const customer = `Dorje Wangmo ${Date.now()}`;
  await fillInquiry(page, customer);
  await page.getByRole('button', { name: 'Create Inquiry' }).click();
  await expect(page.getByRole('region', { name: 'Waiting to send (1)' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('The inquiry taken offline was sent.')).toBeVisible();

  // A second one waits when the user logs out: they are asked, and it goes with the session.
  await context.setOffline(true);
  const unsent = `Rigzin Dolkar ${Date.now()}`;
  await fillInquiry(page, unsent);
  await page.getByRole('button', { name: 'Create Inquiry' }).click();
  await expect(page.getByRole('region', { name: 'Waiting to send (1)' })).toContainText(unsent);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect.poll(() => dialogs.at(-1)).toContain('1 inquiry is still waiting to send and will be deleted');
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => deviceHolds(page)).toEqual({ caches: [], trips: null, queued: 0 });

  // Offline, the trip page and the form are not on the device any more.
  await expect(page.goto(tripPath)).rejects.toThrow(/net::ERR_/);
  await expect(page.goto('/create-inquiry')).rejects.toThrow(/net::ERR_/);
  await context.setOffline(false);
  expect(await inquiriesNamed(page.request, unsent)).toHaveLength(0);
});
