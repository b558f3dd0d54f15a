// D25 as people meet it: a visitor sends the contact form and the Owner's mail arrives with a link to the lead;
// the Owner sees it delivered at /notifications; the customer's unsubscribe link lands on a page that says it
// worked.
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { DEMO, signIn, snapPage } from '../support/back-office';
import { waitForMail } from '../support/mailbox';

test('the contact form brings the Owner a mail about the lead, and the customer a receipt they can unsubscribe from', async ({
  page,
  browser,
}) => {
  const email = `lead-${Date.now()}@e2e.example`;
  await page.goto('/contact');
  await page.getByLabel('Full name').fill('Kavya Rao');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('WhatsApp number').fill('+91 98470 55555');
  await page.getByLabel('Location').fill('Hampi');
  await page.getByLabel('Number of adults').fill('3');
  await page.getByLabel('Budget (₹)').fill('75000');
  const alert = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await page.getByRole('button', { name: 'Send Inquiry' }).click();
  expect(await alert).toBe('New Inquiry Created!');

  const ownerMail = await waitForMail(DEMO.owner.email, `E-mail: ${email}`);
  expect(ownerMail).toContain('A new trip inquiry has arrived from Kavya Rao.');
  expect(ownerMail).toContain('Destination: Hampi');
  expect(ownerMail).toContain('Travellers: 3 adults, 0 kids');
  const link = ownerMail.match(/Open the inquiry: (http\S+)/)?.[1];
  expect(link).toMatch(/\/inquiries\/edit\/[0-9a-f-]{36}$/);

  // The Owner sees the mail delivered.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, DEMO.owner);
  const card = owner.getByRole('listitem').filter({ hasText: email }).first();
  // The sender works in the background: the receipt may go out after the Owner's mail, so the Owner looks again
  // until it is listed as sent, as a person would.
  await expect(async () => {
    await owner.goto('/notifications?status=sent');
    await expect(card).toContainText('We received your trip inquiry', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(card).toContainText('Sent');
  await expectNoSeriousA11yViolations(owner);
  await snapPage(owner, 'notifications');
  await ownerContext.close();

  // The customer's receipt carries the unsubscribe link; following it says it worked.
  const receipt = await waitForMail(email, 'What happens next');
  const unsubscribe = receipt.match(/progress: (http\S+unsubscribe\?token=\S+)/)?.[1];
  expect(unsubscribe).toBeTruthy();
  await page.goto(new URL(unsubscribe!).pathname + new URL(unsubscribe!).search);
  await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snapPage(page, 'unsubscribed');
});
