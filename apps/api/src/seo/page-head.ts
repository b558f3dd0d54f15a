// The head of each page the server sends (D28): title, description, canonical URL, Open Graph and
// Twitter card tags and JSON-LD, written into index.html. Link previews (WhatsApp, Facebook) and many
// crawlers run no JavaScript, so what the web sets after loading is not enough. Pages outside the
// public site get `noindex`, in the head and (for crawlers that read headers only) as X-Robots-Tag.
import {
  PRIVATE_PATH_PREFIXES,
  ABOUT_PAGE,
  CONTACT_PAGE,
  FAQ_PAGE,
  HOME_PAGE,
  LOGIN_PAGE,
  PACKAGES_PAGE,
  REGISTER_PAGE,
  SUPPLIER_PAGE,
  TRIP_PAGE,
  UNLISTED_PAGES,
  formatRupees,
  homeTitle,
  pageTitle,
  pluralDays,
} from '@safarnama/contract';
import type { TourPackage } from '@safarnama/contract';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { listBackgrounds } from '../backgrounds/background.service';
import { getPackage } from '../packages/package.service';
import { escapeHtml, jsonForScript } from './markup';
import { touristTrip, travelAgency } from './json-ld';
import { packageUrl, previewImage, type PreviewImage } from './site-url';

interface PageHead {
  title: string;
  description: string;
  /** Absolute; none for pages that are not indexed. */
  canonical?: string;
  noindex?: boolean;
  /** Open Graph type. */
  type: 'website' | 'product';
  /** The preview image (absolute URL, size and type when known), with its text alternative. */
  image?: PreviewImage & { alt: string };
  /** Extra Open Graph / Twitter `property → content` pairs (a package's price). */
  extra?: [string, string][];
  jsonLd: object[];
}

export interface HeadContext {
  db: Db;
  config: Config;
}

/** Package texts mark bold runs with ** and list items with leading dashes; a description is plain. */
const plainText = (text: string) =>
  text
    .replace(/\*\*/g, '')
    .replace(/^\s*[-*•]\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();

/** At most `max` characters, cut at a word where one is near, with an ellipsis when cut. */
function clip(text: string, max: number, min: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  const cut = space >= min - 1 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:.–—-]+$/, '')}…`;
}

/**
 * A package's description for search results and previews: 150–160 characters of its overview without
 * markers; a short overview is followed by the duration, price and destinations.
 */
export function packageDescription(pkg: TourPackage, min = 150, max = 160): string {
  let text = plainText(pkg.packageOverview);
  if (text.length < min) {
    const where = pkg.description ? ` across ${plainText(pkg.description)}` : '';
    const facts = `${pluralDays(pkg.duration)}${where}, from ${formatRupees(pkg.price)} per person.`;
    text = text ? `${text.replace(/[.!?]?$/, (end) => end || '.')} ${facts}` : `${plainText(pkg.name)}: ${facts}`;
  }
  return clip(text, max, min);
}

/** The public pages with a path of their own (home is matched apart; package details by id). */
const PUBLIC_PAGES = [PACKAGES_PAGE, ABOUT_PAGE, CONTACT_PAGE, FAQ_PAGE, LOGIN_PAGE, REGISTER_PAGE];

const segmentsOf = (pathname: string) => pathname.split('/').filter(Boolean);

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

async function heroImage(db: Db, siteUrl: string, alt: string): Promise<PageHead['image']> {
  const first = (await listBackgrounds({ db }))[0];
  return first ? { ...previewImage(siteUrl, first.imageUrl), alt } : undefined;
}

/** The head of the page at a request URL of the web app. */
async function headFor({ db, config }: HeadContext, url: string): Promise<PageHead> {
  const site = config.SITE_NAME;
  const siteUrl = config.SITE_URL;
  const { pathname } = new URL(url, 'http://localhost');
  const raw = segmentsOf(pathname);
  // Matched as the web's router matches: ignoring case and trailing slashes.
  const segments = raw.map((s) => s.toLowerCase());
  const key = segments.join('/');

  if (key === '' || key === 'index.html') {
    const image = await heroImage(db, siteUrl, site);
    return {
      title: homeTitle(site),
      description: HOME_PAGE.description(site),
      canonical: `${siteUrl}/`,
      type: 'website',
      image,
      jsonLd: [travelAgency(config, image?.url)],
    };
  }

  const page = PUBLIC_PAGES.find((p) => p.path.slice(1) === key);
  if (page) {
    return {
      title: pageTitle(page.title, site),
      description: page.description(site),
      canonical: `${siteUrl}${page.path}`,
      type: 'website',
      image: page === PACKAGES_PAGE ? await heroImage(db, siteUrl, site) : undefined,
      jsonLd: [],
    };
  }

  if (segments.length === 2 && segments[0] === 'packages') {
    const id = decodeSegment(raw[1]!);
    const pkg = id === undefined ? undefined : await getPackage({ db }, id).catch(() => undefined);
    if (pkg) return packageHead(config, pkg);
    return unindexedHead(pageTitle('Package not found', site));
  }
  // D30: a customer's trip link, opened without an account. Its preview (a WhatsApp message) says what it is;
  // nothing of the trip, and never indexed.
  if (segments.length === 2 && segments[0] === TRIP_PAGE.path.slice(1)) {
    return { ...unindexedHead(pageTitle(TRIP_PAGE.title, site)), description: TRIP_PAGE.description(site) };
  }
  // D33: a supplier's booking-request link, opened without an account: like the trip link, never indexed.
  if (segments.length === 2 && segments[0] === SUPPLIER_PAGE.path.slice(1)) {
    return { ...unindexedHead(pageTitle(SUPPLIER_PAGE.title, site)), description: SUPPLIER_PAGE.description(site) };
  }
  const unlisted = UNLISTED_PAGES.find((p) => p.path.slice(1) === key);
  if (unlisted) return { ...unindexedHead(pageTitle(unlisted.title, site)), description: unlisted.description(site) };
  const lowerPath = `/${key}`;
  const isPrivate = PRIVATE_PATH_PREFIXES.some((prefix) => `${lowerPath}/`.startsWith(prefix.replace(/\/?$/, '/')));
  return unindexedHead(isPrivate ? homeTitle(site) : pageTitle('Page not found', site));
}

function packageHead(config: Config, pkg: TourPackage): PageHead {
  const canonical = packageUrl(config.SITE_URL, pkg._id);
  const price = `From ${formatRupees(pkg.price)} per person`;
  const firstImage = pkg.images[0];
  return {
    title: pageTitle(pkg.name, config.SITE_NAME),
    description: packageDescription(pkg),
    canonical,
    type: 'product',
    image: firstImage ? { ...previewImage(config.SITE_URL, firstImage), alt: pkg.name } : undefined,
    extra: [
      ['product:price:amount', String(pkg.price)],
      ['product:price:currency', 'INR'],
      ['twitter:label1', 'Price'],
      ['twitter:data1', price],
      ['twitter:label2', 'Duration'],
      ['twitter:data2', pluralDays(pkg.duration)],
    ],
    jsonLd: [touristTrip(config, pkg, canonical)],
  };
}

/** Back-office, customer and unknown pages: never indexed (a signed-in page's title is set by the web). */
const unindexedHead = (title: string): PageHead => ({
  title,
  description: '',
  noindex: true,
  type: 'website',
  jsonLd: [],
});

/** The head as tags. */
function renderHead(head: PageHead, siteName: string): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
  if (head.description) tags.push(meta('name', 'description', head.description));
  if (head.noindex) {
    tags.push(meta('name', 'robots', 'noindex, nofollow'));
    return tags.join('\n    ');
  }
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  tags.push(
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:locale', 'en_IN'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
  );
  if (head.canonical) tags.push(meta('property', 'og:url', head.canonical));
  if (head.image) {
    const { url, type, width, height, alt } = head.image;
    tags.push(meta('property', 'og:image', url));
    if (type) tags.push(meta('property', 'og:image:type', type));
    if (width && height) {
      tags.push(meta('property', 'og:image:width', String(width)), meta('property', 'og:image:height', String(height)));
    }
    tags.push(meta('property', 'og:image:alt', alt));
  }
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) {
    tags.push(meta('name', 'twitter:image', head.image.url), meta('name', 'twitter:image:alt', head.image.alt));
  }
  for (const [key, content] of head.extra ?? []) {
    tags.push(meta(key.startsWith('twitter:') ? 'name' : 'property', key, content));
  }
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return tags.join('\n    ');
}

const STATIC_TITLE = /<title>[\s\S]*?<\/title>\s*/i;
const STATIC_DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/i;

/** index.html with its static title and description replaced by the page's head. */
export function withHead(html: string, tags: string): string {
  if (!tags) return html;
  const stripped = html.replace(STATIC_TITLE, '').replace(STATIC_DESCRIPTION, '');
  const at = stripped.indexOf('</head>');
  return at < 0 ? html : `${stripped.slice(0, at)}  ${tags}\n  ${stripped.slice(at)}`;
}

/**
 * The head tags of a request's page and whether it is kept out of search engines; should reading the data fail
 * (only the public pages read any), no tags: index.html's own title and description stay, and the page still loads.
 */
export function pageHead(
  ctx: HeadContext,
  request: { url: string; log: { warn: (obj: object, msg: string) => void } },
): Promise<{ tags: string; noindex: boolean }> {
  return headFor(ctx, request.url).then(
    (head) => ({ tags: renderHead(head, ctx.config.SITE_NAME), noindex: head.noindex === true }),
    (err: unknown) => {
      request.log.warn({ err }, 'page head skipped');
      return { tags: '', noindex: false };
    },
  );
}
