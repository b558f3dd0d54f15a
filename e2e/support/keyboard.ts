// Keyboard helpers: Tab to an element, walk a page's whole tab order, and tell whether the focused element
// shows a focus indicator one can see (issue 6 point 7: "focus is visible").
import { expect, type Locator, type Page } from '@playwright/test';

/** What the page's focused element looks like; `problems` is empty when its focus indicator can be seen. */
export interface FocusReport {
  /** False when nothing in the page has focus (the tab order ran out). */
  focused: boolean;
  /** Stable per element for the page's lifetime, to notice the tab order coming round again. */
  id: number;
  description: string;
  indicator: 'outline' | 'box-shadow' | null;
  problems: string[];
}

const MAX_TAB_STOPS = 250;

/** Presses Tab (Shift+Tab with `backwards`) until `target` has focus; fails if the tab order never reaches it. */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 150 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, `reached by ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`).toBeFocused({ timeout: 1 });
}

/**
 * Records every focusable element's box-shadow before the next Tab, so the next inspection can tell a focus
 * ring (a box-shadow added on focus) from the element's ordinary shadow.
 */
function rememberShadows() {
  const w = window as unknown as { __e2eShadow?: WeakMap<Element, string> };
  w.__e2eShadow = new WeakMap();
  const selector = 'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';
  const shadows = w.__e2eShadow;
  document.querySelectorAll(selector).forEach((el) => shadows.set(el, getComputedStyle(el).boxShadow));
}

/**
 * Runs in the page: the focused element and whether its focus indicator is drawn, not clipped and not covered.
 * Looks again on each frame for up to `waitMs` while something is wrong, as a smooth scroll bringing the element
 * into view or a transition drawing the indicator may still be under way.
 */
async function inspectFocus(waitMs: number): Promise<FocusReport> {
  const inspect = (): FocusReport => {
    const w = window as unknown as {
      __e2eShadow?: WeakMap<Element, string>;
      __e2eIds?: WeakMap<Element, number>;
      __e2eNextId?: number;
    };
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) {
      return { focused: false, id: -1, description: 'nothing', indicator: null, problems: [] };
    }
    w.__e2eIds ??= new WeakMap();
    let id = w.__e2eIds.get(el);
    if (id === undefined) {
      id = w.__e2eNextId = (w.__e2eNextId ?? 0) + 1;
      w.__e2eIds.set(el, id);
    }
    const labelOf = (e: Element) =>
      (
        (e instanceof HTMLInputElement || e instanceof HTMLSelectElement || e instanceof HTMLTextAreaElement
          ? e.labels?.[0]?.textContent
          : null) ??
        e.getAttribute('aria-label') ??
        e.textContent ??
        ''
      )
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 60);
    const description = `<${el.tagName.toLowerCase()}> "${labelOf(el)}"`;
    const problems: string[] = [];

    const style = getComputedStyle(el);
    const rect = el.getBoundingClientRect();
    const isTransparent = (color: string) =>
      color === 'transparent' || /,\s*0\)$/.test(color) || /\/\s*0(\.0*)?\)$/.test(color);
    const outlineWidth = parseFloat(style.outlineWidth) || 0;
    const hasOutline = style.outlineStyle !== 'none' && outlineWidth >= 1 && !isTransparent(style.outlineColor);
    const shadowBefore = w.__e2eShadow?.get(el);
    const hasRing = style.boxShadow !== 'none' && style.boxShadow !== shadowBefore;
    const indicator = hasOutline ? 'outline' : hasRing ? 'box-shadow' : null;
    if (!indicator) problems.push('has no focus indicator (no outline, no box-shadow ring added on focus)');
    if (rect.width < 1 || rect.height < 1 || style.visibility !== 'visible' || Number(style.opacity) === 0) {
      problems.push('is invisible while focused');
    }

    // The part of the screen the element's ancestors let it draw on: the viewport, cut by every ancestor that
    // clips its overflow (a fixed element escapes its ancestors' clipping).
    const clip = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    if (style.position !== 'fixed') {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
          const r = a.getBoundingClientRect();
          clip.left = Math.max(clip.left, r.left + (parseFloat(s.borderLeftWidth) || 0));
          clip.top = Math.max(clip.top, r.top + (parseFloat(s.borderTopWidth) || 0));
          clip.right = Math.min(clip.right, r.right - (parseFloat(s.borderRightWidth) || 0));
          clip.bottom = Math.min(clip.bottom, r.bottom - (parseFloat(s.borderBottomWidth) || 0));
        }
        if (s.position === 'fixed') break;
      }
    }
    // The indicator's four sides: an outline's band (outside the box, or inside it with a negative offset), or
    // the element's own edges for a ring. Each side must show at least in part.
    const outside = hasOutline ? (parseFloat(style.outlineOffset) || 0) + outlineWidth : 0;
    const band = hasOutline ? outlineWidth : 2;
    const ring = {
      left: rect.left - outside,
      top: rect.top - outside,
      right: rect.right + outside,
      bottom: rect.bottom + outside,
    };
    const sides = {
      top: { left: ring.left, right: ring.right, top: ring.top, bottom: ring.top + band },
      bottom: { left: ring.left, right: ring.right, top: ring.bottom - band, bottom: ring.bottom },
      left: { left: ring.left, right: ring.left + band, top: ring.top, bottom: ring.bottom },
      right: { left: ring.right - band, right: ring.right, top: ring.top, bottom: ring.bottom },
    };
    const clipped = Object.entries(sides)
      .filter(
        ([, s]) =>
          Math.min(s.right, clip.right) - Math.max(s.left, clip.left) < 1 ||
          Math.min(s.bottom, clip.bottom) - Math.max(s.top, clip.top) < 0.5,
      )
      .map(([side]) => side);
    if (indicator && clipped.length > 0) problems.push(`has its focus indicator clipped (${clipped.join(', ')})`);

    // Not hidden under something else (the sticky nav bar, the WhatsApp button): the middle of the element's
    // visible part must hit the element itself.
    // An inline link may wrap: its first line box is where it surely is.
    const box = el.getClientRects()[0] ?? rect;
    const x = (Math.max(box.left, clip.left) + Math.min(box.right, clip.right)) / 2;
    const y = (Math.max(box.top, clip.top) + Math.min(box.bottom, clip.bottom)) / 2;
    const hit = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
    if (!hit) problems.push('is outside the viewport');
    else if (hit !== el && !el.contains(hit) && !(hit instanceof HTMLLabelElement && hit.control === el)) {
      problems.push(`is covered by <${hit.tagName.toLowerCase()}> "${labelOf(hit)}"`);
    }
    return { focused: true, id, description, indicator, problems };
  };
  const deadline = performance.now() + waitMs;
  let report = inspect();
  while (report.problems.length > 0 && performance.now() < deadline) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    report = inspect();
  }
  return report;
}

/** The focused element's report, once a smooth scroll or a transition has had up to 2 s to settle. */
const focusReport = (page: Page): Promise<FocusReport> => page.evaluate(inspectFocus, 2000);

/**
 * Presses Tab through the page's whole tab order (until focus leaves the page or comes back round) from where
 * the page's focus is, the top of the page after a navigation, and returns the report of each element that
 * had focus, in order.
 */
export async function walkTabOrder(page: Page): Promise<FocusReport[]> {
  const reports: FocusReport[] = [];
  const seen = new Set<number>();
  let last: number | undefined;
  for (let i = 0; i < MAX_TAB_STOPS; i++) {
    await page.evaluate(rememberShadows);
    await page.keyboard.press('Tab');
    const report = await focusReport(page);
    // A date or time input keeps focus while Tab moves between its day, month and year: one stop, not the end.
    if (report.focused && report.id === last) continue;
    if (!report.focused || seen.has(report.id)) return reports;
    seen.add(report.id);
    last = report.id;
    reports.push(report);
  }
  throw new Error(`the tab order did not end within ${MAX_TAB_STOPS} stops`);
}
