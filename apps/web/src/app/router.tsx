// Every route of spec §2, declared with wouter (lib/navigation.tsx). Pages are lazy chunks; every signed-in
// route is guarded by role (D1); any other path gets the 404 page.
import { Route, Switch } from 'wouter';
import { matchPath } from '../lib/match-path';
import { ROUTE_ROLES, rolesForPath, type GuardedPath } from '../config/route-roles';
import { AppLayout } from './layout/app-layout';
import { lazyPage, type LazyPage } from './lazy-page';
import type * as SignedIn from './signed-in-page';
import { prefetchSite } from '../lib/site';

// Home is a lazy chunk too: in the entry it weighed on every other page's first load (1.8 KB gzip).
const HomePage = lazyPage(() => import('../features/home/home-page'));

const publicRoutes: { path: string; Page: LazyPage }[] = [
  { path: 'packages', Page: lazyPage(() => import('../features/packages/packages-page')) },
  { path: 'packages/:id', Page: lazyPage(() => import('../features/packages/package-details-page')) },
  { path: 'about', Page: lazyPage(() => import('../features/about/about-page')) },
  { path: 'contact', Page: lazyPage(() => import('../features/contact/contact-page')) },
  { path: 'faq', Page: lazyPage(() => import('../features/faq/faq-page')) },
  { path: 'login', Page: lazyPage(() => import('../features/auth/login-page')) },
  { path: 'register', Page: lazyPage(() => import('../features/auth/register-page')) },
  { path: 'forgot-password', Page: lazyPage(() => import('../features/auth/forgot-password-page')) },
  { path: 'unsubscribed', Page: lazyPage(() => import('../features/notifications/unsubscribed-page')) },
  // D30: the customer's quotation, opened from its link without an account.
  { path: 'trip/:token', Page: lazyPage(() => import('../features/trip/trip-page')) },
  // D33: a supplier's booking request, opened from its link without an account.
  { path: 'supplier/:token', Page: lazyPage(() => import('../features/supplier-link/supplier-page')) },
];
const NotFoundPage = lazyPage(() => import('./not-found-page'));

// The signed-in pages, their guard and TanStack Query load with the first of them (app/signed-in-page.tsx): the
// public pages' first load carries only the paths they are at.
const SignedInPage = lazyPage<{ path: GuardedPath }, typeof SignedIn>(() => import('./signed-in-page'));
const guardedPaths = Object.keys(ROUTE_ROLES) as GuardedPath[];

/** Every route's pattern; the server's list (WEB_ROUTE_PATTERNS in the contract) must name the same (D24). */
export const routePatterns = (): string[] => [
  '/',
  ...publicRoutes.map(({ path }) => `/${path}`),
  ...guardedPaths.map((path) => `/${path}`),
];

/**
 * Where the floating WhatsApp button shows: a page anyone may open (no guard), the public site and the 404 page,
 * but not the trip or supplier pages, which have the agency's phone of their own and answer buttons at the bottom.
 */
const showsChatButton = (pathname: string) =>
  rolesForPath(pathname) === undefined &&
  !matchPath('/trip/:token', pathname) &&
  !matchPath('/supplier/:token', pathname);

/**
 * Fetches the chunk of the page at `pathname`, a public page's first data and the site settings every
 * page's frame shows (main.tsx awaits it before the first render, so the first page renders whole,
 * without a fallback).
 */
export function preloadRoute(pathname: string, search: string): Promise<unknown> {
  return Promise.all([prefetchSite(), preloadPage(pathname, new URLSearchParams(search))]);
}

function preloadPage(pathname: string, searchParams: URLSearchParams): Promise<unknown> {
  const home = matchPath('/', pathname);
  if (home) return HomePage.preload({ params: home, search: searchParams });
  for (const { path, Page } of publicRoutes) {
    const match = matchPath(`/${path}`, pathname);
    if (match) return Page.preload({ params: match, search: searchParams });
  }
  const guarded = guardedPaths.find((path) => matchPath(`/${path}`, pathname));
  if (guarded) return SignedInPage.load().then((module) => module.preloadPage(guarded));
  return NotFoundPage.preload();
}

export function AppRoutes() {
  return (
    <AppLayout showsChatButton={showsChatButton}>
      {/* The first route that matches; no two of these match the same path, and the last matches any. */}
      <Switch>
        <Route path="/">
          <HomePage />
        </Route>
        {publicRoutes.map(({ path, Page }) => (
          <Route key={path} path={`/${path}`}>
            <Page />
          </Route>
        ))}
        {guardedPaths.map((path) => (
          <Route key={path} path={`/${path}`}>
            <SignedInPage path={path} />
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </AppLayout>
  );
}
