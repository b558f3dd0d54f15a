// robots.txt (apps/api/src/seo) keeps crawlers out of the paths the contract lists as private: every
// path the web has is either a public page, a package's details or under one of those prefixes.
import { describe, expect, it } from 'vitest';
import * as pages from '@safarnama/contract/site';
import { paths } from './paths';

describe('private path prefixes', () => {
  it('cover every path of the web that is not a public page', () => {
    const publicPaths = new Set<string>(
      Object.values(pages).flatMap((page) => (typeof page === 'object' && 'path' in page ? [page.path] : [])),
    );
    const all = Object.values(paths).map((p) => (typeof p === 'function' ? p('some-id', 'x') : p));
    const uncovered = all.filter(
      (path) =>
        !publicPaths.has(path.split('?')[0]!) &&
        path !== paths.packageDetails('some-id') &&
        !pages.PRIVATE_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix.replace(/\/?$/, '/'))),
    );
    expect(uncovered).toEqual([]);
  });
});
