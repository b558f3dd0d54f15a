// A package as a card (spec §2): first image or 'Image Not Available', 'Customizable' badge, name,
// destinations, 'Starting from' price per person, duration, and Book Now / Explore (or the caller's actions).
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from '../ui/link';
import type { TourPackage } from '@safarnama/contract/packages';
import { formatRupees, pluralDays } from '@safarnama/contract/common-rules';
import { PACKAGE_MESSAGES } from '@safarnama/contract/packages-rules';
import { IMAGE_SIZES, imageSrcSet } from '@safarnama/contract/uploads-rules';
import { ButtonLink } from '../ui/button';
import { assetUrl } from '../../lib/api-client';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { usePrefersReducedMotion } from '../../lib/use-reduced-motion';
import { useAfterLoad } from '../../lib/use-after-load';

// Inline icons: this card is on the budgeted public pages, where every shared icon chunk counts.
const iconProps = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

export interface PackageCardProps {
  pkg: TourPackage;
  /** Replaces Book Now / Explore (the back office puts Edit / Delete here). */
  actions?: ReactNode;
  /** Rotates through the package's images at this interval; no rotation when absent. */
  rotateMs?: number;
  /** The first cards on a page may load eagerly; the rest wait until scrolled near. */
  eager?: boolean;
  /** Leaves the image out until the page has loaded (lib/use-after-load.ts): for cards that are not the page's largest paint. */
  deferImage?: boolean;
}

function useRotation(count: number, rotateMs: number | undefined) {
  const [index, setIndex] = useState(0);
  const reduced = usePrefersReducedMotion();
  useEffect(() => {
    if (!rotateMs || count < 2 || reduced) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), rotateMs);
    return () => window.clearInterval(timer);
  }, [count, rotateMs, reduced]);
  return count > 0 ? index % count : 0;
}

export function PackageCard({ pkg, actions, rotateMs, eager = false, deferImage = false }: PackageCardProps) {
  const index = useRotation(pkg.images.length, rotateMs);
  const image = pkg.images[index];
  const afterLoad = useAfterLoad();
  const showImage = !deferImage || afterLoad;
  const titleId = `package-${pkg._id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="group flex flex-col overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-stone-200/70 transition-shadow hover:shadow-xl"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-sand-100">
        {image ? (
          showImage ? (
            <img
              key={image}
              src={assetUrl(image)}
              srcSet={imageSrcSet(image, env.apiUrl)}
              sizes={IMAGE_SIZES.card}
              alt={pkg.name}
              width={960}
              height={720}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              data-image-index={index}
              className="size-full object-cover transition-transform duration-700 group-hover:scale-105"
            />
          ) : null
        ) : (
          <div className="flex size-full items-center justify-center bg-[repeating-linear-gradient(45deg,transparent,transparent_12px,rgb(0_0_0/0.03)_12px,rgb(0_0_0/0.03)_24px)] text-stone-500">
            <span className="text-sm font-medium">{PACKAGE_MESSAGES.imageNotAvailable}</span>
          </div>
        )}
        <span className="absolute top-3 left-3 rounded-full bg-white/95 px-3 py-1 text-xs font-semibold tracking-wide text-brand-800 uppercase shadow-sm">
          Customizable
        </span>
        {rotateMs && pkg.images.length > 1 ? (
          <span className="absolute right-3 bottom-3 rounded-full bg-stone-900/70 px-2.5 py-0.5 text-xs font-medium text-white">
            {index + 1} / {pkg.images.length}
          </span>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <h3 id={titleId} className="text-xl leading-snug font-bold">
          <Link to={paths.packageDetails(pkg._id)} className="hover:text-brand-700 hover:underline">
            {pkg.name}
          </Link>
        </h3>
        {pkg.description ? (
          <p className="mt-2 flex items-start gap-1.5 text-sm text-stone-600">
            <svg {...iconProps} className="mt-0.5 size-4 shrink-0 text-accent-600">
              <path d="M20 10c0 5-5.5 10.2-7.4 11.8a1 1 0 0 1-1.2 0C9.5 20.2 4 15 4 10a8 8 0 0 1 16 0" />
              <circle cx="12" cy="10" r="3" />
            </svg>
            <span className="line-clamp-2">{pkg.description}</span>
          </p>
        ) : null}
        <div className="mt-auto flex items-end justify-between gap-3 pt-5">
          <div>
            <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">Starting from</p>
            <p>
              <span className="text-2xl font-bold text-brand-800">{formatRupees(pkg.price)}</span>{' '}
              <span className="text-sm text-stone-600">per person</span>
            </p>
          </div>
          <p className="flex shrink-0 items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
            <svg {...iconProps} className="size-4">
              <rect x="3" y="4" width="18" height="18" rx="2" />
              <path d="M16 2v4M8 2v4M3 10h18" />
            </svg>
            {pluralDays(pkg.duration)}
          </p>
        </div>
        <div className="mt-5 flex flex-wrap gap-3 border-t border-stone-100 pt-5 [&>*]:flex-1">
          {actions ?? (
            <>
              <ButtonLink
                to={`${paths.bookPackage(pkg.name, pluralDays(pkg.duration))}&packageId=${encodeURIComponent(pkg._id)}`}
                variant="accent"
              >
                Book Now
              </ButtonLink>
              <ButtonLink to={paths.packageDetails(pkg._id)} variant="outline">
                Explore
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </article>
  );
}

/** The spec §9 grid: cards at least 300 px wide. */
export function PackageGrid({ children }: { children: ReactNode }) {
  return (
    <div className="grid grid-cols-[repeat(auto-fill,minmax(min(300px,100%),1fr))] gap-6 lg:gap-8">{children}</div>
  );
}
