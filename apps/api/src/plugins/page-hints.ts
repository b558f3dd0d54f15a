// Hints in the HTML of the public pages (decisions §8: LCP ≤ 2.0 s on a throttled phone). A client-rendered
// page otherwise loads in a chain — entry script, then the page's chunk, then its API data, then its
// largest image — each link waiting for the one before. Named in <head>, the page's chunks, its data and
// that image are fetched alongside the entry script, and the page renders whole on its first pass.
import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_SIZES, imageSrcSet } from '@safarnama/contract';
import type { Db } from '../db/database';
import { getPackage, listPackages } from '../packages/package.service';
import { listBackgrounds } from '../backgrounds/background.service';
import { escapeHtml } from '../seo/markup';

/**
 * The lazily loaded public pages whose chunks the hints name, by the chunk's name in the web build's Vite manifest
 * (Vite names a lazy page's chunk after its module's file, wherever the web keeps it).
 */
const PAGE_CHUNKS = {
  home: 'home-page',
  packages: 'packages-page',
  packageDetails: 'package-details-page',
} as const;
export type HintedPage = keyof typeof PAGE_CHUNKS;
export type PageModules = Record<HintedPage, string[]>;

/** The URL parameters /packages searches by (apps/web/src/components/packages/use-package-search.ts). */
const SEARCH_FIELDS = ['search', 'minPrice', 'maxPrice', 'minDuration', 'maxDuration'];

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}
export type ViteManifest = Record<string, ManifestChunk>;

export interface PageHints {
  /** Chunks beyond the entry's (which index.html already names). */
  modules: string[];
  /** API GETs the page makes on load, exactly as the web's API client spells them. */
  fetches: string[];
  /** The page's largest image, as its <img> asks for it. */
  image?: { href: string; srcset?: string; sizes: string };
}

export function readManifest(webDir: string): ViteManifest | undefined {
  const file = path.join(webDir, '.vite/manifest.json');
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as ViteManifest) : undefined;
}

function staticClosure(manifest: ViteManifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * Each hinted page's JavaScript files outside the entry's static closure, as root-relative URLs, read off the
 * build's manifest. A page whose chunk the manifest lacks (or names twice) gets none, and `onMissing` hears of it.
 */
export function pageModules(
  manifest: ViteManifest | undefined,
  onMissing: (page: HintedPage, chunk: string) => void = () => undefined,
): PageModules {
  const result: PageModules = { home: [], packages: [], packageDetails: [] };
  if (!manifest) return result;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  const loaded = entry ? staticClosure(manifest, entry) : new Set<string>();
  for (const [page, name] of Object.entries(PAGE_CHUNKS) as [HintedPage, string][]) {
    const keys = Object.keys(manifest).filter((k) => manifest[k]!.isDynamicEntry && manifest[k]!.name === name);
    if (keys.length !== 1) {
      onMissing(page, name);
      continue;
    }
    result[page] = [...staticClosure(manifest, keys[0]!)]
      .filter((key) => !loaded.has(key))
      .map((key) => `/${manifest[key]!.file}`)
      .filter((file) => file.endsWith('.js'));
  }
  return result;
}

const imageHint = (imagePath: string | undefined, sizes: string): PageHints['image'] =>
  imagePath ? { href: imagePath, srcset: imageSrcSet(imagePath), sizes } : undefined;

const segmentsOf = (pathname: string) => pathname.split('/').filter(Boolean);

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The agency's settings, which every page's frame (footer, WhatsApp button) shows. */
const SITE_FETCH = '/api/site';

/** The hints for a request URL of the web app. */
export async function hintsFor(db: Db, url: string, modules: PageModules): Promise<PageHints> {
  const hints = await pageHintsFor(db, url, modules);
  return { ...hints, fetches: [...hints.fetches, SITE_FETCH] };
}

async function pageHintsFor(db: Db, url: string, modules: PageModules): Promise<PageHints> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  // Matched as the web's router matches: ignoring case and trailing slashes.
  const segments = segmentsOf(pathname).map((s) => s.toLowerCase());
  const rawSegments = segmentsOf(pathname);

  if (segments.length === 0 || (segments.length === 1 && segments[0] === 'index.html')) {
    const backgrounds = await listBackgrounds({ db });
    return {
      modules: modules.home,
      // The featured packages are below the fold: fetched after the first paint, not competing with the hero.
      fetches: ['/api/backgrounds'],
      image: imageHint(backgrounds[0]?.imageUrl, IMAGE_SIZES.hero),
    };
  }
  if (segments[0] !== 'packages') return { modules: [], fetches: [] };

  if (segments.length === 1) {
    // A filtered search is left to the page: its results, and so its first image, depend on the filter.
    if (SEARCH_FIELDS.some((field) => searchParams.get(field)?.trim())) {
      return { modules: modules.packages, fetches: [] };
    }
    const packages = await listPackages({ db });
    return {
      modules: modules.packages,
      fetches: ['/api/packages/search'],
      image: imageHint(packages[0]?.images[0], IMAGE_SIZES.card),
    };
  }

  const id = segments.length === 2 ? decodeSegment(rawSegments[1]!) : undefined;
  if (id === undefined) return { modules: [], fetches: [] };
  const pkg = await getPackage({ db }, id).catch(() => undefined);
  if (!pkg) return { modules: modules.packageDetails, fetches: [] };
  return {
    modules: modules.packageDetails,
    fetches: [`/api/packages/${encodeURIComponent(id)}`],
    image: imageHint(pkg.images[0], IMAGE_SIZES.gallery),
  };
}

/** The hints as <link> tags. */
export function renderHints({ modules, fetches, image }: PageHints): string {
  const tags: string[] = [];
  if (image) {
    const srcset = image.srcset ? ` imagesrcset="${escapeHtml(image.srcset)}"` : '';
    tags.push(
      `<link rel="preload" as="image" href="${escapeHtml(image.href)}"${srcset} imagesizes="${escapeHtml(image.sizes)}" fetchpriority="high">`,
    );
  }
  // `crossorigin` matches the credentials mode of fetch() and of module scripts, so the page reuses these.
  for (const href of fetches) tags.push(`<link rel="preload" as="fetch" crossorigin href="${escapeHtml(href)}">`);
  for (const href of modules) tags.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`);
  return tags.join('\n    ');
}

/** index.html with the tags at the end of <head>. */
export function withHints(html: string, tags: string): string {
  if (!tags) return html;
  const at = html.indexOf('</head>');
  return at < 0 ? html : `${html.slice(0, at)}  ${tags}\n  ${html.slice(at)}`;
}
