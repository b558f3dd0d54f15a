// D31 end to end: staff send a quotation; the customer, on a phone, opens the link from the mail, accepts, sees the
// instalments with the UPI QR of the advance (decoded back to exactly the upi:// URI) and reports paying it with a
// UTR; the staff member sees the claim on the inquiry and verifies it; the receipt mail arrives; the trip page says
// Paid for the advance and lists the receipt. The inquiry goes Booking Pending at the acceptance, and the verified
// payment becomes its advance.
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { DEMO, apiToken, createInquiry, signIn, snapPage, toast } from '../support/back-office';
import { UPI_ID } from '../support/env';
import { waitForMail } from '../support/mailbox';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const lines = [
  { kind: 'hotel', description: 'Lake Palace Inn, 3 nights', quantity: 3, unitCost: 5200, unitPrice: 7450 },
  { kind: 'cab', description: 'Sedan for sightseeing, 4 days', quantity: 1, unitCost: 9300, unitPrice: 10700 },
  { kind: 'activity', description: 'Cooking class with a family', quantity: 2, unitCost: 1200, unitPrice: 1800 },
];
// 3 × 7,450 + 10,700 + 2 × 1,800 = ₹36,650: an advance of 40 % is ₹14,660, the balance ₹21,990.
const ADVANCE = '14660.00';

/** A quotation the staff member prices and sends; answers the inquiry and the customer's e-mail. */
async function quoteSent(request: APIRequestContext, customer: string) {
  const inquiry = await createInquiry(request, customer, 'Udaipur');
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.staff)}` };
  const created = await request.post(`/api/inquiries/${inquiry._id}/quotes`, { headers });
  expect(created.status()).toBe(201);
  const quoteId = ((await created.json()) as { _id: string })._id;
  const put = await request.put(`/api/quotes/${quoteId}`, {
    headers,
    data: {
      days: [{ title: 'Day 1: Arrive in Udaipur', text: 'A boat ride on Lake Pichola at sunset.' }],
      lines,
      inclusions: ['Breakfast every day'],
      exclusions: ['Flights'],
    },
  });
  expect(put.status(), await put.text()).toBe(200);
  const sent = await request.post(`/api/quotes/${quoteId}/send`, { headers });
  expect(sent.status(), await sent.text()).toBe(200);
  return { inquiryId: inquiry._id, email: `${customer.toLowerCase().replace(/\W+/g, '.')}@e2e.example` };
}

/** The text a QR code image on the page holds, read from its screenshot. */
async function decodeQr(qr: Locator): Promise<string | undefined> {
  const png = PNG.sync.read(await qr.screenshot());
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height)
    ?.data;
}

test('the customer pays the advance by UPI on a phone, staff verify it, and the receipt arrives', async ({
  page,
  browser,
}) => {
  // Two people, two pages each photographed at two widths, and three mails to wait for.
  test.setTimeout(180_000);
  const customer = `Kavya Menon ${Date.now()}`;
  const { inquiryId, email } = await quoteSent(page.request, customer);
  const mail = await waitForMail(email, 'See your quotation');
  const link = mail.match(/See your quotation: (http\S+\/trip\/[A-Za-z0-9_-]+)/)?.[1];
  expect(link).toBeTruthy();
  const tripPath = new URL(link!).pathname;

  // The customer accepts on their phone.
  await page.goto(tripPath);
  const answer = page.getByRole('region', { name: 'Your answer' });
  await answer.getByRole('button', { name: 'Accept' }).click();
  await answer.getByLabel('Your full name').fill('Kavya Menon');
  await answer.getByRole('button', { name: 'Accept version 1' }).click();
  await answer.getByRole('button', { name: 'Yes, accept' }).click();

  // The schedule appears: the advance due now, the balance before the trip, each with its status.
  const payments = page.getByRole('region', { name: 'Payments' });
  const advance = payments.getByTestId('instalment').filter({ hasText: 'Advance' });
  const balance = payments.getByTestId('instalment').filter({ hasText: 'Balance' });
  await expect(advance).toContainText('₹14,660');
  await expect(advance.locator('[data-status]')).toHaveText('Due');
  await expect(balance).toContainText('₹21,990');
  await expect(payments).toContainText('₹0 paid of ₹36,650 · ₹36,650 left to pay');

  // The advance's QR holds exactly D31's URI: the agency's UPI id and name, the amount, a note and the reference.
  const reference = (await advance.locator('.font-mono').first().textContent())!.trim();
  expect(reference).toMatch(/^[A-Za-z0-9-]+-1$/);
  const site = (await (await page.request.get('/api/site')).json()) as { name: string };
  const enc = encodeURIComponent;
  const uri =
    `upi://pay?pa=${enc(UPI_ID)}&pn=${enc(site.name)}&am=${ADVANCE}&cu=INR` +
    `&tn=${enc(`Udaipur trip ${reference}`)}&tr=${enc(reference)}`;
  const qr = advance.getByTestId('upi-qr');
  await expect(qr).toBeVisible();
  expect(await decodeQr(qr)).toBe(uri);
  // On a phone, the same URI opens a UPI app.
  await expect(advance.getByRole('link', { name: 'Pay with a UPI app' })).toBeVisible();
  await expect(advance.getByRole('link', { name: 'Pay with a UPI app' })).toHaveAttribute('href', uri);
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'trip-payments');

  // Paid in the UPI app: the customer reports it with the 12-digit UTR (a wrong one is said first).
  const utr = String(Date.now()).slice(-12).padStart(12, '4');
  const utrField = advance.getByLabel('UPI reference (UTR)');
  await utrField.fill('1234 5678');
  await advance.getByRole('button', { name: 'Send the reference' }).click();
  await expect(advance.getByRole('alert')).toContainText('12-digit number');
  await expect(utrField).toHaveValue('1234 5678');
  await utrField.fill(`${utr.slice(0, 4)} ${utr.slice(4, 8)} ${utr.slice(8)}`);
  await advance.getByRole('button', { name: 'Send the reference' }).click();
  await expect(advance.getByRole('status')).toContainText('We have your payment reference');
  await expect(advance.locator('[data-status]')).toHaveText('Payment reported');
  await expect(advance.getByTestId('upi-qr')).toHaveCount(0);

  // The staff member, at a desk, sees the acceptance and the claim on the inquiry, and verifies it.
  // A context of the browser takes the file's phone options unless told otherwise.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });
  const staff = await desk.newPage();
  await signIn(staff, DEMO.staff);
  await staff.goto(`/inquiries/view/${inquiryId}`);
  await expect(staff.locator('main [data-status="booking-pending"]')).toHaveText('Booking Pending');
  const panel = staff.getByRole('region', { name: 'Payments' });
  const schedule = panel.getByTestId('schedule-instalment');
  await expect(schedule.nth(0)).toContainText('Payment reported');
  const claim = panel.getByTestId('ledger-entry').filter({ hasText: 'Customer reported ₹14,660' });
  await expect(claim).toContainText(utr);
  await snapPage(staff, 'back-office-payments-claim');
  await claim.getByRole('button', { name: 'Verify' }).click();
  await claim.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(staff, 'Payment verified')).toBeVisible();
  await expect(schedule.nth(0)).toContainText('Paid');
  await expect(panel.getByTestId('payments-Paid')).toHaveText('₹14,660');
  await expect(panel.getByTestId('payments-Pending')).toHaveText('₹21,990');
  const receiptNumber = (await panel.getByTestId('ledger-entry').first().textContent())?.match(
    /RCT\/\d{4}-\d{2}\/\d{4,}/,
  )?.[0];
  expect(receiptNumber).toBeTruthy();
  // D31 as the server has it (docs/decisions.md): the first verified payment moves only a status before Advance
  // Received (New, Working, Follow Up) to it; an accepted quotation's Booking Pending comes after it, and stays.
  await expect(staff.getByText(/changed advance from \S*0 to \S*14,?660\b/)).toBeVisible();
  await expect(staff.locator('main [data-status="booking-pending"]')).toHaveText('Booking Pending');
  await expectNoSeriousA11yViolations(staff);
  await snapPage(staff, 'back-office-payments');
  // The schedule editor, the balance split in two (not saved): the paid advance stays fixed, the sum holds.
  await panel.getByRole('button', { name: 'Change the schedule' }).click();
  await panel.getByRole('button', { name: 'Split instalment 2' }).click();
  await expect(panel.getByTestId('schedule-sum')).toHaveText('The instalments add up to ₹36,650.');
  await expect(panel.getByLabel('Instalment 1 amount (₹)')).not.toBeEditable();
  await snapPage(staff, 'back-office-payments-schedule');
  await panel.getByRole('button', { name: 'Cancel' }).click();

  // What the customer sees, from the desk: at a laptop (no touch) the QR, and no "Pay with a UPI app" link, which
  // only a phone can open; no claim form for the back office.
  await staff.goto(`/inquiries/view/${inquiryId}/trip`);
  const preview = staff
    .getByRole('region', { name: 'Payments' })
    .getByTestId('instalment')
    .filter({ hasText: 'Balance' });
  await expect(preview.getByTestId('upi-qr')).toBeVisible();
  await expect(preview.getByTestId('upi-pay-link')).toBeHidden();
  await expect(preview.getByLabel('UPI reference (UTR)')).toHaveCount(0);
  await desk.close();

  // The receipt reaches the customer with its PDF attached; the trip page says Paid and lists it.
  const receiptMail = await waitForMail(email, receiptNumber!);
  expect(receiptMail).toMatch(
    new RegExp(`Content-Type: application/pdf;\\s*name="?${receiptNumber!.replaceAll('/', '-')}\\.pdf"?`),
  );
  await page.reload();
  await expect(advance.locator('[data-status]')).toHaveText('Paid');
  await expect(advance.getByTestId('upi-qr')).toHaveCount(0);
  await expect(balance.getByTestId('upi-qr')).toBeVisible();
  await expect(payments).toContainText('₹14,660 paid of ₹36,650 · ₹21,990 left to pay');
  const receipt = payments.getByRole('link', { name: `Receipt ${receiptNumber}` });
  await expect(receipt).toBeVisible();
  const pdf = await page.request.get((await receipt.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await snapPage(page, 'trip-payments-paid');
});
