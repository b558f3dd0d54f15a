// The server answers 404 for any path outside the contract's WEB_ROUTE_PATTERNS (D24), so the list must name
// every route this app declares, and no other.
import { describe, expect, it } from 'vitest';
import { WEB_ROUTE_PATTERNS, isWebRoute } from '@safarnama/contract/site';
import { routePatterns } from './router';

const normalised = (pattern: string) => pattern.replace(/:\w+/g, ':id');

describe('the routes the server knows', () => {
  it('are exactly the routes of the app', () => {
    expect(routePatterns().map(normalised).sort()).toEqual(WEB_ROUTE_PATTERNS.map(normalised).sort());
  });

  it('match as the app matches: any case, a trailing slash, one segment per parameter', () => {
    for (const path of ['/', '/packages/', '/Packages/p1', '/inquiries/view/abc', '/all-inquiries']) {
      expect(isWebRoute(path), path).toBe(true);
    }
    for (const path of ['/nope', '/packages/p1/x', '/inquiries/view', '/robots.txt', '/metrics', '/sitemap.xml']) {
      expect(isWebRoute(path), path).toBe(false);
    }
  });
});
