// D30 as the customer meets it, on a phone: staff send a quotation twice (through the API), the customer opens the
// trip link from the mail the first send brought, compares the two versions, and accepts the newest with their
// name; the page then says who accepted and when, the Owner hears of it, and the agency sees it on the inquiry.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { DEMO, apiToken, createInquiry, signIn, snapPage } from '../support/back-office';
import { waitForMail } from '../support/mailbox';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const version1 = [
  { kind: 'hotel', description: 'Lake Palace Inn, 3 nights', quantity: 3, unitCost: 5200, unitPrice: 6900 },
  { kind: 'cab', description: 'Sedan for sightseeing, 4 days', quantity: 1, unitCost: 9300, unitPrice: 10700 },
  { kind: 'other', description: 'Local guide for a day', quantity: 1, unitCost: 1800, unitPrice: 2500 },
];
const version2 = [
  { ...version1[0], unitPrice: 7450 },
  version1[1],
  { kind: 'activity', description: 'Cooking class with a family', quantity: 2, unitCost: 1200, unitPrice: 1800 },
];

/** A quotation the staff member prices and sends twice; answers the inquiry's customer e-mail. */
async function quoteSentTwice(request: APIRequestContext, customer: string) {
  const inquiry = await createInquiry(request, customer, 'Udaipur');
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.staff)}` };
  const created = await request.post(`/api/inquiries/${inquiry._id}/quotes`, { headers });
  expect(created.status()).toBe(201);
  const quoteId = ((await created.json()) as { _id: string })._id;
  const days = [
    { title: 'Day 1: Arrive in Udaipur', text: 'Check in by the lake; a boat ride on Lake Pichola at sunset.' },
    { title: 'Day 2: City Palace and the old city', text: 'A guided walk through the palace and the bazaars.' },
    { title: 'Day 3: Kumbhalgarh', text: 'A day trip to the fort and its 36 km of walls.' },
  ];
  for (const lines of [version1, version2]) {
    const put = await request.put(`/api/quotes/${quoteId}`, {
      headers,
      data: {
        days,
        lines,
        notes: 'Rooms with a lake view, on a higher floor.',
        inclusions: ['Breakfast every day', 'Airport pick-up and drop'],
        exclusions: ['Flights', 'Entry tickets'],
      },
    });
    expect(put.status(), await put.text()).toBe(200);
    const sent = await request.post(`/api/quotes/${quoteId}/send`, { headers });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  return { inquiryId: inquiry._id, email: `${customer.toLowerCase().replace(/\W+/g, '.')}@e2e.example` };
}

test('the customer opens the trip link from their mail, compares the versions and accepts the newest', async ({
  page,
  browser,
}) => {
  // One journey with three pages photographed at two widths each, and two mails to wait for.
  test.setTimeout(120_000);
  const customer = `Meera Pillai ${Date.now()}`;
  const { inquiryId, email } = await quoteSentTwice(page.request, customer);

  // The first send mailed the customer their link.
  const mail = await waitForMail(email, 'See your quotation');
  const link = mail.match(/See your quotation: (http\S+\/trip\/[A-Za-z0-9_-]+)/)?.[1];
  expect(link).toBeTruthy();
  // The second send's mail says the quotation was updated, on the same page.
  await waitForMail(email, 'version 2 is ready');

  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Udaipur' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('Version 2');
  // 3 × 7,450 + 10,700 + 2 × 1,800, for 2 adults.
  await expect(summary).toContainText('₹36,650');
  await expect(summary).toContainText('₹18,325 per traveller');
  await expect(summary).toContainText(/Valid until \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(page.getByRole('table', { name: 'What is included, with prices' })).toContainText('Cooking class');
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'trip');

  await page.getByRole('button', { name: 'Compare with version 1' }).click();
  const comparison = page.getByRole('region', { name: 'Version 2 compared with version 1' });
  await expect(comparison).toBeVisible();
  await expect(comparison).toContainText('(+₹2,750)');
  await expect(comparison.getByRole('heading', { name: 'Added' })).toBeVisible();
  await expect(comparison).toContainText('Cooking class with a family');
  await expect(comparison).toContainText('Local guide for a day');
  await expect(comparison).toContainText('₹20,700 → ₹22,350');
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'trip-compare');

  const answer = page.getByRole('region', { name: 'Your answer' });
  await answer.getByRole('button', { name: 'Accept' }).click();
  await answer.getByRole('button', { name: 'Accept version 2' }).click();
  await expect(answer.getByText('Please type your name to accept the quotation')).toBeVisible();
  await answer.getByLabel('Your full name').fill('Meera Pillai');
  await answer.getByRole('button', { name: 'Accept version 2' }).click();
  await expect(answer).toContainText('Accept version 2 for ₹36,650 as Meera Pillai?');
  await answer.getByRole('button', { name: 'Yes, accept' }).click();
  await expect(summary.getByText(/^Accepted by Meera Pillai on \d{1,2} [A-Z][a-z]{2} \d{4}, /)).toBeVisible();
  await expect(page.getByText('Thank you! Your quotation is accepted.', { exact: false })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your answer' })).toHaveCount(0);
  await snapPage(page, 'trip-accepted');

  // Opened again, the link shows the acceptance; the inquiry had no handler, so the Owner was told.
  await page.reload();
  await expect(summary.getByText(/^Accepted by Meera Pillai on /)).toBeVisible();
  await waitForMail(DEMO.owner.email, `Meera Pillai accepted version 2 of the quotation for ${customer}`);

  // At the agency, on a desktop: the inquiry is Booking Pending, the quotation shows how often it was opened, and
  // the history has each send and the acceptance with the typed name.
  const office = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staffPage = await office.newPage();
  await signIn(staffPage, DEMO.staff);
  await staffPage.goto(`/inquiries/view/${inquiryId}`);
  await expect(staffPage.getByRole('heading', { name: 'Inquiry Details' })).toBeVisible();
  await expect(staffPage.locator('[data-status="booking-pending"]').first()).toBeVisible();
  await expect(staffPage.getByTestId('trip-views')).toHaveText(/^Viewed \d+ times, last /);
  const history = staffPage.locator('section', { has: staffPage.getByRole('heading', { name: 'History' }) });
  await expect(history.getByText('Quotation version 1 sent', { exact: false })).toBeVisible();
  await expect(history.getByText('Quotation version 2 sent', { exact: false })).toBeVisible();
  await expect(history.getByText(/Quotation version 2 accepted by Meera Pillai \(from /)).toBeVisible();
  await expect(history.getByText(/to Booking Pending/)).toBeVisible();
  await office.close();
});
