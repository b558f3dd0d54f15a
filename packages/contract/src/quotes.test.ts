import { describe, expect, it } from 'vitest';
import { quoteFollowUpText, quoteViewsText, timeAgo } from './quotes-rules';

// Issue 51's words for staff: how long ago, the list's views and My work's reasons.
const AT = Date.parse('2031-03-11T12:00:00Z');
const ago = (ms: number) => new Date(AT - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('quotation follow-up texts', () => {
  it('says how long ago in the largest whole unit', () => {
    expect(timeAgo(ago(59_999), AT)).toBe('just now');
    expect(timeAgo(ago(MIN), AT)).toBe('1 minute ago');
    expect(timeAgo(ago(59 * MIN), AT)).toBe('59 minutes ago');
    expect(timeAgo(ago(HOUR), AT)).toBe('1 hour ago');
    expect(timeAgo(ago(23 * HOUR + 59 * MIN), AT)).toBe('23 hours ago');
    expect(timeAgo(ago(49 * HOUR), AT)).toBe('2 days ago');
    // A clock a little behind the server's never reads as the future.
    expect(timeAgo(ago(-5_000), AT)).toBe('just now');
  });

  it("words the list's views: never, once, or how many and when last", () => {
    expect(quoteViewsText({ views: 0, lastViewedAt: null }, AT)).toBe('Not viewed');
    expect(quoteViewsText({ views: 1, lastViewedAt: ago(5 * MIN) }, AT)).toBe('Viewed once, last 5 minutes ago');
    expect(quoteViewsText({ views: 3, lastViewedAt: ago(2 * HOUR) }, AT)).toBe('Viewed 3 times, last 2 hours ago');
    expect(quoteViewsText({ views: 1200, lastViewedAt: ago(HOUR) }, AT)).toBe('Viewed 1,200 times, last 1 hour ago');
  });

  it('says why a quotation is in My work', () => {
    const entry = { version: 2, sentAt: ago(3 * 24 * HOUR + HOUR), notViewed: true, expiresTomorrow: false };
    expect(quoteFollowUpText(entry, AT)).toBe('Quotation v2 sent 3 days ago, not viewed');
    expect(quoteFollowUpText({ ...entry, version: 1, notViewed: false, expiresTomorrow: true }, AT)).toBe(
      'Quotation v1 expires tomorrow',
    );
    expect(quoteFollowUpText({ ...entry, expiresTomorrow: true }, AT)).toBe(
      'Quotation v2 sent 3 days ago, not viewed; it expires tomorrow',
    );
  });
});
