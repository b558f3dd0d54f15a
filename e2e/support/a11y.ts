// axe check: no serious or critical accessibility violation on the current page.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export async function expectNoSeriousA11yViolations(page: Page) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

// Contrast is judged on the colours as painted, and a toast still fading in is paler than the one a reader sees,
// so the check waits for the page's finite animations to end: not for endless ones (a spinner), nor for a toast's
// countdown bar, whose end closes the toast.
async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const effect = animation.effect;
          if (!(effect instanceof KeyframeEffect) || effect.getComputedTiming().endTime === Infinity) return false;
          return !(effect.target instanceof Element && effect.target.classList.contains('Toastify__progress-bar'));
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
