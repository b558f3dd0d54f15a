// The Owner's papers (D27): the reports page (cards, the month chart drawn, its tables) and the CSV export of
// the inquiries table (the file downloaded, its rows counted against the table's count), and the quotation PDF
// from the inquiry editor.
import fs from 'node:fs';
import { expect, test, type Download } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { DEMO, dismissToasts, signIn, snapPage } from '../support/back-office';

interface Summary {
  totals: { received: number; revenue: number };
  byStaff: { name: string }[];
}

/** The file a download saved, as text. */
async function downloadedText(download: Download) {
  const file = await download.path();
  return fs.readFileSync(file, 'utf8');
}

test('the reports page shows the period’s cards, the month chart with its table, staff and the funnel', async ({
  page,
}) => {
  const token = await signIn(page, DEMO.owner);
  await page.goto('/owner-dashboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();

  const period = page.getByText(/^\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/);
  await expect(period).toBeVisible();
  const [from, to] = (await period.innerText()).split(' to ');
  const summary = (await (
    await page.request.get(`/api/reports/summary?from=${from}&to=${to}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as Summary;
  expect(summary.totals.received).toBeGreaterThan(0);

  const card = (label: string) => page.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
  await expect(card('Inquiries received')).toContainText(
    new Intl.NumberFormat('en-IN').format(summary.totals.received),
  );
  await expect(card('Revenue')).toContainText('₹');

  // The chart is drawn (Recharts' bars as SVG), and its figures are a table too.
  await expect(page.getByTestId('month-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.getByText('The figures as a table').click();
  await expect(
    page
      .getByRole('table', { name: /by month/ })
      .getByRole('row')
      .nth(1),
  ).toBeVisible();
  const staffTable = page.getByRole('table', { name: /by staff member/ });
  await expect(staffTable.getByRole('rowheader', { name: summary.byStaff[0]!.name })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Top 10 destinations by inquiries' }).getByRole('row').nth(1),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Inquiries in each status' }).getByRole('listitem')).toHaveCount(8);

  // Another preset asks the server again.
  await page.getByRole('button', { name: 'Last 12 months' }).click();
  await expect(page.getByRole('button', { name: 'Last 12 months' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('month-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();

  // A custom period with the dates reversed is refused on the page, as the server would.
  await page.getByRole('button', { name: 'Custom' }).click();
  await page.getByLabel('From', { exact: true }).fill('2025-05-10');
  await page.getByLabel('To', { exact: true }).fill('2025-05-01');
  await expect(page.getByText('The start date must be on or before the end date')).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('2025-05-31');
  await expect(page.getByText('No inquiries were received in this period.')).toBeVisible();

  await page.getByRole('button', { name: 'This financial year' }).click();
  await expect(page.getByTestId('month-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await dismissToasts(page);
  await expectNoSeriousA11yViolations(page);

  // On a phone the four-column tables fit: names wrap and figures stay whole, with nothing to scroll sideways to.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  for (const name of ['Top 10 destinations by inquiries', 'Top 10 destinations by revenue', 'Inquiries by source']) {
    const hidden = await page
      .getByRole('table', { name })
      .evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
    expect(hidden, `${name}: pixels past the card's edge`).toBe(0);
  }
  if (desktop) await page.setViewportSize(desktop);
  await snapPage(page, 'reports');
});

test('Export CSV downloads every row the table counts, for the whole list and a status', async ({ page }) => {
  const token = await signIn(page, DEMO.staff);
  await page.goto('/all-inquiries');
  const counts = page.getByTestId('inquiry-counts');
  await expect(counts).toContainText('total');

  const exportRows = async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^inquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await downloadedText(download);
    expect(text.startsWith('\uFEFFID,Received,Updated,Status,Customer name')).toBe(true);
    // Records end with CRLF; the demo data has no line breaks inside a cell.
    return text.split('\r\n').filter((line) => line !== '').length - 1;
  };
  /** The list's count for the same filter, as the table's header reads it from the server. */
  const listed = async (status?: string) => {
    const res = await page.request.get('/api/inquiries', {
      params: { pageSize: 1, ...(status ? { status } : {}) },
      headers: { Authorization: `Bearer ${token}` },
    });
    return Number(res.headers()['x-total-count']);
  };
  // Other spec files add, edit and delete inquiries meanwhile: a count that moved during the export is taken again.
  const expectExportMatches = async (status?: string) =>
    expect(async () => {
      const before = await listed(status);
      const rows = await exportRows();
      expect(rows).toBe(before);
      expect(await listed(status)).toBe(before);
    }).toPass({ timeout: 30_000 });

  await expectExportMatches();
  await page
    .getByRole('group', { name: 'Filter by status' })
    .getByRole('button', { name: /^Booked/ })
    .click();
  await expect(page).toHaveURL(/status=Booked/);
  await expect(counts).toContainText('shown by the current filter');
  await expectExportMatches('Booked');
});

test('the editor downloads the quotation PDF', async ({ page }) => {
  const token = await signIn(page, DEMO.owner);
  const list = (await (
    await page.request.get('/api/inquiries?status=Booked&pageSize=1', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { _id: string; customer: { name: string } }[];
  await page.goto(`/inquiries/edit/${list[0]!._id}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download quotation' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^quotation-Q-\d{8}-[0-9A-F]{6}\.pdf$/);
  expect(
    fs
      .readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  // Issue 51: no WhatsApp link to the inquiry's sign-in page; the builder's Send offers the trip link instead.
  await expect(page.getByRole('link', { name: 'Send on WhatsApp' })).toHaveCount(0);
});
