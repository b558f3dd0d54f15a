// The home page below the hero: featured packages, 'Why Choose Us' and a call to action. A lazy chunk,
// so the pages that share the eager entry (every page) do not pay for it; the packages are fetched by
// the eager page meanwhile.
import { ArrowRight, BadgeIndianRupee, Headset, MapPinned } from 'lucide-react';
import type { TourPackage } from '@safarnama/contract/packages';
import { PACKAGE_MESSAGES } from '@safarnama/contract/packages-rules';
import { ButtonLink } from '../../components/ui/button';
import { EmptyState, ErrorMessage } from '../../components/ui/alert';
import { PackageCard, PackageGrid } from '../../components/packages/package-card';
import { errorMessage } from '../../lib/api-client';
import type { Resource } from '../../lib/use-resource';
import { paths } from '../../config/paths';
import { PackageGridSkeleton } from './package-grid-skeleton';

/** How many packages the home page features. */
const FEATURED_COUNT = 6;

const REASONS = [
  {
    icon: MapPinned,
    title: 'Handpicked Destinations',
    text: 'Every place we offer is one our own team has travelled, from Himalayan passes to Kerala’s backwaters.',
  },
  {
    icon: BadgeIndianRupee,
    title: 'Best Price Guarantee',
    text: 'Clear per-person prices with no hidden charges. Find the same trip for less and we will match it.',
  },
  {
    icon: Headset,
    title: '24/7 Support',
    text: 'A real person is a call or a WhatsApp message away, before you leave and every day of your trip.',
  },
];

function FeaturedPackages({ packages }: { packages: Resource<TourPackage[]> }) {
  const { data, error, isLoading, refetch } = packages;
  if (error) {
    return (
      <ErrorMessage
        action={
          <button type="button" onClick={refetch} className="font-semibold underline underline-offset-2">
            Try again
          </button>
        }
      >
        {errorMessage(error, PACKAGE_MESSAGES.fetchFailed)}
      </ErrorMessage>
    );
  }
  if (isLoading || !data) return <PackageGridSkeleton />;
  if (data.length === 0) return <EmptyState>{PACKAGE_MESSAGES.empty}</EmptyState>;
  return (
    <PackageGrid>
      {data.slice(0, FEATURED_COUNT).map((pkg) => (
        <PackageCard key={pkg._id} pkg={pkg} />
      ))}
    </PackageGrid>
  );
}

export default function HomeSections({ packages }: { packages: Resource<TourPackage[]> }) {
  return (
    <>
      <section aria-labelledby="featured-title" className="container-page py-16 sm:py-20">
        <div className="mb-10 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="text-sm font-semibold tracking-[0.2em] text-accent-700 uppercase">Featured journeys</p>
            <h2 id="featured-title" className="mt-2 text-3xl font-bold sm:text-4xl">
              Our most-loved packages
            </h2>
          </div>
          <ButtonLink to={paths.packages} variant="outline" className="self-start sm:self-auto">
            View all packages
            <ArrowRight className="size-4" aria-hidden="true" />
          </ButtonLink>
        </div>
        <FeaturedPackages packages={packages} />
      </section>

      <section aria-labelledby="why-title" className="bg-white py-16 sm:py-20">
        <div className="container-page">
          <h2 id="why-title" className="text-center text-3xl font-bold sm:text-4xl">
            Why Choose Us
          </h2>
          <ul className="mt-12 grid gap-8 md:grid-cols-3">
            {REASONS.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-3xl bg-sand-50 p-8 text-center ring-1 ring-stone-200/70">
                <span className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-brand-800 text-white">
                  <Icon className="size-8" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-xl font-bold">{title}</h3>
                <p className="mt-3 leading-relaxed text-stone-600">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container-page py-16 sm:py-20">
        <div className="rounded-3xl bg-brand-800 px-6 py-12 text-center sm:px-12">
          <h2 className="text-3xl font-bold text-white">Ready when you are</h2>
          <p className="mx-auto mt-3 max-w-xl text-brand-100">
            Tell us where you dream of going. We will shape a trip around you and reply within a day.
          </p>
          <ButtonLink to={paths.contact} variant="accent" size="lg" className="mt-8">
            Send an inquiry
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
