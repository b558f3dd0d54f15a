// The test command checks each public page's first-load JavaScript against its 100 KB budget with figures that
// scripts/bundle-size.mjs reads off the build's manifest (issue 6 point 9). Here Chromium loads each page of that
// build: the JavaScript it fetches before the page's first contentful paint must be exactly the files the
// figure counts, so the check measures what a visitor downloads, neither less nor more.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { pageBudgets } from '../../scripts/bundle-size.mjs';
import { demoPackage } from '../support/demo-packages';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

/**
 * A URL of each measured page: '/packages/{id}' needs a package, the not-found page any unknown path; a trip link
 * that opens nothing loads the same files as one that does (its page says the link does not work).
 */
function urlOf(page: string, packageId: string) {
  if (page.includes('404')) return '/no-such-page';
  return page.replace('{id}', encodeURIComponent(packageId)).replace('{token}', 'no-such-token');
}

for (const { page: measured, files } of pageBudgets(dist)) {
  test(`${measured} fetches before its first paint the JavaScript the budget counts`, async ({ page }) => {
    const pkg = await demoPackage(page.request);
    await page.goto(urlOf(measured, pkg._id));
    const paintedAt = () =>
      page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
    await expect.poll(paintedAt).not.toBeNull();
    const before = await page.evaluate(
      (fcp) =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime < fcp)
          .map((entry) => new URL(entry.name).pathname.slice(1))
          .filter((file) => file.endsWith('.js')),
      (await paintedAt())!,
    );
    expect([...new Set(before)].sort()).toEqual([...files].sort());
  });
}

// The server finds these pages' chunks in the build's manifest by name (apps/api/src/plugins/page-hints.ts): their
// HTML must name for preloading every file the page loads first beside the entry script, so they load at once.
for (const { page: measured, files } of pageBudgets(dist).filter(
  (b) => b.page === '/' || b.page.startsWith('/packages'),
)) {
  test(`${measured}'s HTML names its chunks for preloading`, async ({ request }) => {
    const pkg = await demoPackage(request);
    const html = await (await request.get(urlOf(measured, pkg._id))).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const entry = /<script type="module" crossorigin src="\/([^"]+)"/.exec(head)?.[1];
    const preloaded = [...head.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);
    expect([entry, ...preloaded].sort()).toEqual([...files].sort());
  });
}
