// D33 what we owe, end to end on a phone: a confirmed hotel booking (set up through the API); the staff member opens
// its cost and payments on the inquiry's Bookings panel, changes the cost with a reason and records a bank payment;
// the Owner opens "What we owe", sees the hotel owed, paid and due, and opens it to the booking behind the figures.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { DEMO, apiToken, createInquiry, signIn, snapPage, toast } from '../support/back-office';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('staff change a booking cost and pay the hotel; the Owner sees what is owed, paid and due', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const request = page.request;
  const staffAuth = { Authorization: `Bearer ${await apiToken(request, DEMO.staff)}` };
  const hotelName = `Lake View Hotel ${stamp}`;
  const hotel = await request.post('/api/suppliers', {
    headers: staffAuth,
    data: { kind: 'hotel', name: hotelName, city: 'Udaipur', phone: '+91 98290 12345' },
  });
  expect(hotel.status(), await hotel.text()).toBe(201);
  const hotelId = ((await hotel.json()) as { _id: string })._id;
  const inquiry = await createInquiry(request, `Rohan Verma ${stamp}`, 'Udaipur');
  const travelDate = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  expect(
    (await request.put(`/api/inquiries/${inquiry._id}`, { headers: staffAuth, data: { travelDate } })).status(),
  ).toBe(200);
  const quoteId = (
    (await (await request.post(`/api/inquiries/${inquiry._id}/quotes`, { headers: staffAuth })).json()) as {
      _id: string;
    }
  )._id;
  const lines = [
    {
      kind: 'hotel',
      description: 'Lake room, 2 nights',
      supplierId: hotelId,
      quantity: 2,
      unitCost: 6000,
      unitPrice: 7500,
    },
  ];
  expect((await request.put(`/api/quotes/${quoteId}`, { headers: staffAuth, data: { lines } })).status()).toBe(200);
  const sent = await request.post(`/api/quotes/${quoteId}/send`, { headers: staffAuth });
  const tripToken = String(((await sent.json()) as { url: string }).url).split('/trip/')[1];
  const accepted = await request.post(`/api/trips/${tripToken}/accept`, { data: { name: 'Rohan Verma', version: 1 } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const booked = await request.post(`/api/inquiries/${inquiry._id}/bookings`, { headers: staffAuth });
  const bookingId = ((await booked.json()) as { bookings: { _id: string }[] }).bookings[0]!._id;
  const confirmed = await request.post(`/api/bookings/${bookingId}/confirm`, {
    headers: staffAuth,
    data: { confirmationNumber: 'LVH-77' },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  // The staff member, on a phone: the booking's money opens on demand.
  await signIn(page, DEMO.staff);
  await page.goto(`/inquiries/view/${inquiry._id}`);
  const card = page.getByRole('region', { name: 'Bookings' }).getByRole('listitem', { name: hotelName });
  await card.getByRole('button', { name: 'Cost and payments' }).click();
  await expect(card.getByTestId('booking-figures')).toHaveText('Owed ₹12,000 · paid ₹0 · due ₹12,000');
  await card.getByRole('button', { name: 'Change cost' }).click();
  await card.getByLabel('New cost (₹)').fill('11500');
  await card.getByRole('button', { name: 'Save cost' }).click();
  await expect(card.getByText('Please say why the cost changes')).toBeVisible();
  await card.getByLabel('Why it changes').fill('Off-season rate agreed');
  await card.getByRole('button', { name: 'Save cost' }).click();
  await expect(toast(page, 'Booking cost changed')).toBeVisible();
  await expect(card.getByText('From the lines: ₹12,000')).toBeVisible();
  await card.getByRole('button', { name: 'Record a payment' }).click();
  await card.getByLabel('Amount (₹)').fill('5000');
  await card.getByLabel('Reference (UTR, cheque or bank reference)').fill(`NEFT${stamp}`);
  await card.getByRole('button', { name: 'Save payment' }).click();
  await expect(toast(page, 'Supplier payment recorded')).toBeVisible();
  await expect(card.getByTestId('booking-figures')).toHaveText('Owed ₹11,500 · paid ₹5,000 · due ₹6,500');
  await expect(
    page.getByText(`Cost of the booking with ${hotelName} changed from ₹12,000 to ₹11,500: Off-season rate agreed`),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The Owner, on a phone: "What we owe", then the hotel's bookings.
  const ownerContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO.owner);
  await owner.goto('/payables');
  await expect(owner.getByRole('heading', { level: 1, name: 'What we owe' })).toBeVisible();
  const row = owner.getByRole('link', { name: hotelName });
  await expect(row).toContainText('₹11,500');
  await expect(row).toContainText('₹6,500');
  await expectNoSeriousA11yViolations(owner);
  await snapPage(owner, 'owner-payables');
  await row.click();
  const booking = owner.getByTestId('payable-booking');
  await expect(booking.getByRole('link', { name: `Rohan Verma ${stamp}` })).toBeVisible();
  await expect(booking).toContainText('Confirmed · LVH-77');
  await expect(booking).toContainText(`₹5,000 · Bank transfer · NEFT${stamp}`);
  await expectNoSeriousA11yViolations(owner);
  await snapPage(owner, 'owner-payables-supplier');

  // Staff are sent to their own dashboard.
  await page.goto('/payables');
  await expect(page).toHaveURL(/\/staff-dashboard$/);
  await ownerContext.close();
});
