// D30 from the staff's side: on an inquiry booked from a package, a Staff member starts the quotation (draft 1
// from the package), edits a day and adds a priced line with live totals, finds the draft again after a reload,
// sends it and sees it as sent, with the trip link to share; the customer's mail carries the link, and their views
// are counted. A second version follows; the customer opens the mail's link on a phone, compares the two and
// accepts, and the staff member's page says Booking Pending, with the views and the history.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { DEMO, apiToken, dismissToasts, signIn, snapPage } from '../support/back-office';
import { demoPackage } from '../support/demo-packages';
import { waitForMail } from '../support/mailbox';

test('a quotation from the package to sent and accepted, surviving a reload', async ({ page, request, browser }) => {
  // The staff's build and send, then the customer's acceptance in a second browser.
  test.setTimeout(90_000);
  const pkg = await demoPackage(request);
  const name = `Quote Customer ${Date.now()}`;
  const email = `quote.${Date.now()}@e2e.example`;
  const owner = await apiToken(request, DEMO.owner);
  const created = await request.post('/api/inquiries/createLoggedIn', {
    headers: { Authorization: `Bearer ${owner}` },
    data: {
      name,
      email,
      whatsappNumber: '98100 12345',
      location: 'Kerala',
      travelingFrom: 'Pune',
      noOfAdults: 2,
      budget: 80000,
      packageId: pkg._id,
    },
  });
  expect(created.status()).toBe(201);
  const inquiryId = ((await created.json()) as { _id: string })._id;

  await signIn(page, DEMO.staff);
  await page.goto(`/inquiries/edit/${inquiryId}`);
  const panel = page.getByRole('region', { name: 'Quotation' });
  await expect(
    panel.getByText(/draft 1 takes its days, inclusions and exclusions from the linked package/),
  ).toBeVisible();
  await panel.getByRole('button', { name: 'Start quotation' }).click();
  await expect(panel.getByRole('heading', { name: 'Version 1' })).toBeVisible();

  // Draft 1 holds the package's days; the first one gets a title of our own.
  const day1 = panel.getByRole('group', { name: 'Day 1' });
  await expect(day1.getByLabel('Title')).not.toHaveValue('');
  await expect(panel.getByRole('group', { name: 'Day 2' })).toBeVisible();
  await day1.getByLabel('Title').fill('Arrive in Kochi, houseboat check-in');

  // A line priced by a markup: 2 × (8,000 + 15 %) = ₹18,400 for 2 travellers.
  await panel.getByRole('button', { name: 'Add line' }).click();
  const line = panel.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Description').fill('Houseboat, 1 night, 2 rooms');
  await line.getByLabel('Quantity').fill('2');
  await line.getByLabel('Unit cost (₹)').fill('8000');
  await line.getByLabel('Priced by').selectOption('markup');
  await line.getByLabel('Markup (%)').fill('15');
  const totals = panel.getByLabel('Totals');
  await expect(totals.locator('[data-total="Total"]')).toHaveText('₹18,400');
  await expect(totals.locator('[data-total="Margin"]')).toContainText('₹2,400');
  await expect(totals.locator('[data-total="Per traveller (2 travellers)"]')).toHaveText('₹9,200');
  await expect(totals.locator('[data-total="GST (0%)"]')).toHaveText('₹0');
  await expect(panel.locator('[data-save-state]')).toHaveText('Saved', { timeout: 15_000 });

  // A reload finds the draft as the server keeps it.
  await page.reload();
  await expect(panel.getByRole('heading', { name: 'Version 1' })).toBeVisible();
  await expect(panel.getByRole('group', { name: 'Day 1' }).getByLabel('Title')).toHaveValue(
    'Arrive in Kochi, houseboat check-in',
  );
  await expect(line.getByLabel('Description')).toHaveValue('Houseboat, 1 night, 2 rooms');
  await expect(line.getByLabel('Markup (%)')).toHaveValue('15');
  await expect(totals.locator('[data-total="Total"]')).toHaveText('₹18,400');
  await expect(panel.locator('[data-save-state]')).toHaveText('Saved');
  await expectNoSeriousA11yViolations(page);
  await panel.scrollIntoViewIfNeeded();
  await snapPage(page, 'back-office-quotation-builder');

  // Sent: the link once, to copy or send on WhatsApp (10 digits → +91), and the version read-only.
  await panel.getByRole('button', { name: 'Send to customer' }).click();
  const share = panel.getByTestId('trip-link-share');
  await expect(share.getByText('Quotation sent')).toBeVisible();
  const url = await share.getByLabel('Trip link').inputValue();
  expect(url).toMatch(/\/trip\/[A-Za-z0-9_-]{43}$/);
  await expect(share.getByRole('link', { name: 'Send on WhatsApp' })).toHaveAttribute(
    'href',
    new RegExp(
      `^https://wa\\.me/919810012345\\?text=.*${encodeURIComponent(url).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    ),
  );
  await expect(panel.getByRole('button', { name: /^Version 1, Sent, Sent \d+ \w+ \d{4}, ₹18,400$/ })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Edit — starts version 2' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  await expect(page.getByText(`Quotation version 1 sent by ${DEMO.staff.name}`)).toBeVisible();
  await dismissToasts(page);
  await snapPage(page, 'back-office-quotation-sent');
  // Typed in by the agency, so the mail names the customer and the place.
  const mail = await waitForMail(email, 'Your quotation for your trip to Kerala is ready.');
  expect(mail).toContain(`See your quotation: ${url}`);

  // The customer opens the link: the inquiry's page counts it.
  const token = url.split('/trip/')[1]!;
  expect((await request.get(`/api/trips/${token}`)).status()).toBe(200);
  await page.reload();
  await expect(panel.getByTestId('trip-views')).toHaveText('Viewed once, last just now');

  // A second version: the markup goes up to 20 %, and the customer's mail says version 2 is ready.
  await panel.getByRole('button', { name: 'Edit — starts version 2' }).click();
  await expect(panel.getByRole('heading', { name: 'Version 2' })).toBeVisible();
  await line.getByLabel('Markup (%)').fill('20');
  await expect(totals.locator('[data-total="Total"]')).toHaveText('₹19,200');
  await expect(panel.locator('[data-save-state]')).toHaveText('Saved', { timeout: 15_000 });
  await panel.getByRole('button', { name: 'Send to customer' }).click();
  await expect(page.getByText(`Quotation version 2 sent by ${DEMO.staff.name}`)).toBeVisible();
  await waitForMail(email, 'version 2 is ready');

  // The customer, on a phone and signed in nowhere, opens the first mail's link, compares and accepts.
  const mailedLink = mail.match(/See your quotation: (http\S+\/trip\/[A-Za-z0-9_-]+)/)?.[1];
  expect(mailedLink).toBe(url);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const trip = await phone.newPage();
  await trip.goto(new URL(mailedLink!).pathname);
  await expect(trip.getByRole('region', { name: 'Summary' })).toContainText('₹19,200');
  await trip.getByRole('button', { name: 'Compare with version 1' }).click();
  await expect(trip.getByRole('region', { name: 'Version 2 compared with version 1' })).toContainText('(+₹800)');
  const answer = trip.getByRole('region', { name: 'Your answer' });
  await answer.getByRole('button', { name: 'Accept' }).click();
  await answer.getByLabel('Your full name').fill(name);
  await answer.getByRole('button', { name: 'Accept version 2' }).click();
  await answer.getByRole('button', { name: 'Yes, accept' }).click();
  await expect(trip.getByText('Thank you! Your quotation is accepted.', { exact: false })).toBeVisible();
  await phone.close();

  // Back at the agency: Booking Pending, and the acceptance with the typed name in the history.
  await page.goto(`/inquiries/view/${inquiryId}`);
  await expect(page.locator('[data-status="booking-pending"]').first()).toBeVisible();
  await expect(page.getByTestId('trip-views')).toHaveText(/^Viewed (once|twice|\d+ times), last /);
  const history = page.locator('section', { has: page.getByRole('heading', { name: 'History' }) });
  await expect(history.getByText(`Quotation version 2 accepted by ${name} (from `, { exact: false })).toBeVisible();
  await expect(history.getByText(/to Booking Pending/)).toBeVisible();
});
