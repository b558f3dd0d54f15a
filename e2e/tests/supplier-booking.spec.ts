// D33 end to end: a quotation naming a hotel and a cab operator is sent and accepted (through the API); the staff
// member, at a desk, sends both booking requests from the inquiry's Bookings panel; the hotel, on a phone, opens the
// link from its mail, sees what to provide (and no price) and confirms with its number; the link then changes
// nothing. The staff member sees the confirmation, records the cab's taken by phone, sees "All bookings confirmed"
// and sets Booked; the Owner (the inquiry has no handler) is mailed the hotel's answer. The customer is mailed
// "Your vouchers are ready"; on their phone the trip page lists what is booked with its confirmation numbers, the
// hotel's voucher downloads and reads back with pdftotext, and the page and the voucher read again offline.
import { execFile } from 'node:child_process';
import { expect, test, type APIRequestContext, type Download } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { DEMO, apiToken, createInquiry, signIn, snapPage, toast } from '../support/back-office';
import { waitForMail } from '../support/mailbox';

/** A downloaded PDF read back as text with pdftotext (poppler), runs of spaces made one. */
async function pdfText(download: Download): Promise<string> {
  const file = await download.path();
  return new Promise((resolve, reject) =>
    execFile('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], (err, out) =>
      err ? reject(err) : resolve(out.replace(/[ \t]+/g, ' ')),
    ),
  );
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Suppliers, an inquiry travelling in 60 days, and its quotation naming them, sent and accepted by the customer. */
async function acceptedWithSuppliers(request: APIRequestContext, stamp: number) {
  const owner = { Authorization: `Bearer ${await apiToken(request, DEMO.owner)}` };
  const supplier = async (data: object) => {
    const res = await request.post('/api/suppliers', { headers: owner, data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { _id: string };
  };
  const hotelEmail = `desk-${stamp}@snowvalley.e2e.example`;
  const hotel = await supplier({
    kind: 'hotel',
    name: `Snow Valley Resort ${stamp}`,
    city: 'Manali',
    address: 'Log Huts Area, Old Manali 175131',
    phone: '+91 98160 12345',
    email: hotelEmail,
  });
  const cab = await supplier({
    kind: 'cab',
    name: `Himalayan Wheels ${stamp}`,
    city: 'Delhi',
    phone: '+91 98160 55555',
  });
  const inquiry = await createInquiry(request, `Meera Pillai ${stamp}`, 'Manali');
  const staff = { Authorization: `Bearer ${await apiToken(request, DEMO.staff)}` };
  const travelDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  expect((await request.put(`/api/inquiries/${inquiry._id}`, { headers: staff, data: { travelDate } })).status()).toBe(
    200,
  );
  const quoteId = (
    (await (await request.post(`/api/inquiries/${inquiry._id}/quotes`, { headers: staff })).json()) as {
      _id: string;
    }
  )._id;
  const lines = [
    {
      kind: 'hotel',
      description: 'Deluxe room, 3 nights',
      supplierId: hotel._id,
      quantity: 3,
      unitCost: 4100,
      unitPrice: 5300,
    },
    {
      kind: 'cab',
      description: 'Innova, Delhi–Manali–Delhi, 5 days',
      supplierId: cab._id,
      quantity: 1,
      unitCost: 18000,
      unitPrice: 21500,
    },
  ];
  const put = await request.put(`/api/quotes/${quoteId}`, { headers: staff, data: { lines } });
  expect(put.status(), await put.text()).toBe(200);
  const sent = await request.post(`/api/quotes/${quoteId}/send`, { headers: staff });
  const tripToken = String(((await sent.json()) as { url: string }).url).split('/trip/')[1];
  const accepted = await request.post(`/api/trips/${tripToken}/accept`, { data: { name: 'Meera Pillai', version: 1 } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return {
    inquiryId: inquiry._id,
    tripToken: tripToken!,
    customerEmail: `meera.pillai.${stamp}@e2e.example`,
    hotelEmail,
    hotelName: `Snow Valley Resort ${stamp}`,
    cabName: `Himalayan Wheels ${stamp}`,
  };
}

test('staff send booking requests, the hotel confirms on its phone from the mail, and the inquiry is Booked', async ({
  page,
  browser,
  context,
}) => {
  // Three people, four pages photographed at two widths, three mails to wait for, and a trip read offline.
  test.setTimeout(240_000);
  const stamp = Date.now();
  const { inquiryId, tripToken, customerEmail, hotelEmail, hotelName, cabName } = await acceptedWithSuppliers(
    page.request,
    stamp,
  );

  // The staff member, at a desk, sees both bookings unsent with what each supplier must provide, and sends them.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });
  const staff = await desk.newPage();
  await signIn(staff, DEMO.staff);
  await staff.goto(`/inquiries/view/${inquiryId}`);
  const panel = staff.getByRole('region', { name: 'Bookings' });
  const hotelCard = panel.getByRole('listitem', { name: hotelName });
  const cabCard = panel.getByRole('listitem', { name: cabName });
  await expect(hotelCard.locator('[data-status]')).toHaveText('Not sent');
  await expect(hotelCard).toContainText('Deluxe room, 3 nights × 3');
  await expect(cabCard).toContainText('Innova, Delhi–Manali–Delhi, 5 days');
  await panel.getByRole('button', { name: 'Send all 2 requests' }).click();
  await expect(hotelCard.locator('[data-status]')).toHaveText('Requested');
  await expect(hotelCard).toContainText(`Request mailed to ${hotelName}.`);
  await expect(cabCard).toContainText('no e-mail address: send it on WhatsApp');
  await expect(cabCard.getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/919816055555\?text=.*%2Fsupplier%2F[A-Za-z0-9_-]{43}$/,
  );
  await expect(staff.getByText(`Booking request sent to ${hotelName}`)).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await snapPage(staff, 'back-office-bookings');

  // The hotel's mail carries its one-use link; on its phone the page shows the request, and no price.
  const mail = await waitForMail(hotelEmail, 'Confirm or decline the booking');
  const link = mail.match(/Confirm or decline the booking: (http\S+\/supplier\/[A-Za-z0-9_-]+)/)?.[1];
  expect(link).toBeTruthy();
  const supplierPath = new URL(link!).pathname;
  await page.goto(supplierPath);
  await expect(page.getByRole('heading', { level: 1, name: /^Booking request from / })).toBeVisible();
  await expect(page.getByText(`For ${hotelName}`)).toBeVisible();
  await expect(page.getByText(`Meera Pillai ${stamp}`)).toBeVisible();
  await expect(page.getByText('Deluxe room, 3 nights × 3')).toBeVisible();
  const shown = await page.locator('main').innerText();
  for (const secret of ['₹', '4,100', '5,300', 'Innova', cabName, 'staff@safarnama.example']) {
    expect(shown, secret).not.toContain(secret);
  }
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'supplier-booking-request');

  // Confirm needs a number; then the booking is confirmed.
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText('Please give your confirmation number')).toBeVisible();
  await page.getByLabel('Your confirmation number').fill('SVR-4411');
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByText('Booking confirmed')).toBeVisible();
  await expect(page.getByText('Confirmation no. SVR-4411')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'supplier-booking-confirmed');
  // A used link says so and offers nothing to change; a wrong one says it is not valid.
  await page.reload();
  await expect(page.getByText('This request has already been answered, so this link cannot change it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm booking' })).toHaveCount(0);
  await page.goto(`${supplierPath.slice(0, -4)}AAAA`);
  await expect(page.getByRole('heading', { level: 1, name: 'This link is not valid' })).toBeVisible();

  // The Owner (no handler on the inquiry) hears of the answer.
  await waitForMail(DEMO.owner.email, `${hotelName} confirmed the booking (no. SVR-4411)`);

  // The staff member sees it, records the cab's confirmation taken by phone, and sets Booked.
  await staff.reload();
  await expect(hotelCard.locator('[data-status]')).toHaveText('Confirmed');
  await expect(hotelCard).toContainText('Confirmation no. SVR-4411');
  await cabCard.getByRole('button', { name: 'Record a phone confirmation' }).click();
  await cabCard.getByLabel('Confirmation number').fill('HW-208');
  await cabCard.getByRole('button', { name: 'Save confirmation' }).click();
  await expect(toast(staff, 'Confirmation recorded')).toBeVisible();
  await expect(cabCard).toContainText('Confirmation no. HW-208');
  await expect(panel.getByText('All bookings confirmed')).toBeVisible();
  await expect(staff.getByText(`Booking with ${cabName} confirmed by phone (no. HW-208)`)).toBeVisible();
  await expect(staff.getByText(`${hotelName} confirmed the booking (no. SVR-4411)`)).toBeVisible();
  await panel.getByRole('button', { name: 'Set status to Booked' }).click();
  await expect(toast(staff, 'Status set to Booked')).toBeVisible();
  await expect(staff.locator('main [data-status="booked"]').first()).toHaveText('Booked');
  await expect(panel.getByText('The inquiry is Booked.')).toBeVisible();
  await expectNoSeriousA11yViolations(staff);
  await snapPage(staff, 'back-office-bookings-confirmed');
  await desk.close();

  // Every hotel and cab booking answered: the customer is told once, with both confirmation numbers.
  const ready = await waitForMail(customerEmail, 'your vouchers are ready on your trip page');
  expect(ready).toContain(`${hotelName} — Confirmation number SVR-4411`);
  expect(ready).toContain(`${cabName} — Confirmation number HW-208`);

  // On the customer's phone, the trip page lists what is booked and hands over the hotel's voucher.
  await page.goto(`/trip/${tripToken}`);
  const booked = page.getByRole('region', { name: 'What is booked' });
  const hotelBooked = booked.getByRole('listitem', { name: hotelName });
  await expect(hotelBooked).toContainText('Confirmation number: SVR-4411');
  await expect(hotelBooked).toContainText('Deluxe room, 3 nights × 3');
  await expect(booked.getByRole('listitem', { name: cabName })).toContainText('Confirmation number: HW-208');
  await expect(booked.getByRole('link', { name: /^24\/7 help: call / })).toBeVisible();
  for (const secret of ['4,100', '18,000']) await expect(booked).not.toContainText(secret);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    hotelBooked.getByRole('link', { name: 'Voucher (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('voucher-hotel-SVR-4411.pdf');
  const voucher = await pdfText(download);
  for (const expected of [
    'Hotel voucher',
    'Confirmation number: SVR-4411',
    `Guest Meera Pillai ${stamp}`,
    'Travellers 2 adults',
    'Log Huts Area, Old Manali 175131',
    '+91 98160 12345',
    'at any hour on',
  ]) {
    expect(voucher, expected).toContain(expected);
  }
  expect(voucher).not.toContain('₹');
  await expectNoSeriousA11yViolations(page);
  await booked.scrollIntoViewIfNeeded();
  await snapPage(page, 'trip-vouchers');

  // Kept on the device, the page and the voucher read with no network.
  await expect(page.getByText('Saved on this device')).toBeVisible({ timeout: 30_000 });
  const voucherUrl = await hotelBooked.getByRole('link', { name: 'Voucher (PDF)' }).getAttribute('href');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Offline — as of /)).toBeVisible();
  await expect(booked.getByRole('listitem', { name: hotelName })).toContainText('Confirmation number: SVR-4411');
  const kept = await page.evaluate(async (url) => {
    const res = await fetch(url);
    const bytes = new Uint8Array(await res.arrayBuffer());
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      head: String.fromCharCode(...bytes.slice(0, 5)),
    };
  }, voucherUrl!);
  expect(kept).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
  await context.setOffline(false);
});
