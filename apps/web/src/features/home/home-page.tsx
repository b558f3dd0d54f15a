// Home (spec §2): hero slideshow, featured packages, 'Why Choose Us'. Loaded eagerly with the entry, so
// it stays lean: the hero is here, the sections below it are a lazy chunk. Both that chunk and the package
// list wait until the page has loaded (the hero's image, its largest paint, included), the list fetched from
// here so the request does not also wait for the chunk.
import { lazy, Suspense } from 'react';
import type { TourPackage } from '@safarnama/contract/packages';
import { ButtonLink } from '../../components/ui/button';
import { api } from '../../lib/api-client';
import { prefetchResource, useResource } from '../../lib/use-resource';
import { paths } from '../../config/paths';
import { useAfterLoad } from '../../lib/use-after-load';
import { BACKGROUNDS_KEY, fetchBackgrounds, HeroSlideshow } from './hero-slideshow';
import { PackageGridSkeleton } from './package-grid-skeleton';
import { TripsOnDevice } from './trips-on-device';

const HomeSections = lazy(() => import('./home-sections'));

const fetchAllPackages = () => api.get<TourPackage[]>('/api/packages');

/**
 * The data of the first render (app/lazy-page.ts): the hero's slides. The featured packages are below the
 * fold and load after the first paint.
 * @public for knip, which does not follow that import's members.
 */
export const prefetch = () => prefetchResource(BACKGROUNDS_KEY, fetchBackgrounds);

export default function HomePage() {
  const afterLoad = useAfterLoad();
  // The featured packages are below the fold: asked for once the page (the hero's image) has loaded.
  const packages = useResource(afterLoad ? 'packages/all' : null, fetchAllPackages);
  const sectionsPlaceholder = (
    <div className="container-page min-h-[900px] py-16 sm:py-20">
      <PackageGridSkeleton />
    </div>
  );
  return (
    <>
      <TripsOnDevice />
      <HeroSlideshow>
        <div className="container-page flex h-full flex-col justify-end pb-16 sm:justify-center sm:pb-0">
          <p className="text-sm font-semibold tracking-[0.2em] text-accent-300 uppercase">
            Customizable tours across India
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl leading-tight font-bold text-white sm:text-5xl lg:text-6xl">
            Discover India, your way
          </h1>
          <p className="mt-4 max-w-xl text-lg text-stone-100 sm:text-xl">
            Handcrafted journeys you can shape around your dates, your pace and your budget.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={paths.packages} variant="accent" size="lg">
              Explore Packages
              <svg
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                className="size-5"
                aria-hidden="true"
              >
                <path d="M5 12h14m-7-7 7 7-7 7" />
              </svg>
            </ButtonLink>
            <ButtonLink
              to={paths.contact}
              size="lg"
              className="bg-white/10! ring-1 ring-white/70 backdrop-blur hover:bg-white/20!"
            >
              Plan my trip
            </ButtonLink>
          </div>
        </div>
      </HeroSlideshow>
      {/* Below the fold: its chunk and card images load once the page has loaded. */}
      <Suspense fallback={sectionsPlaceholder}>
        {afterLoad ? <HomeSections packages={packages} /> : sectionsPlaceholder}
      </Suspense>
    </>
  );
}
