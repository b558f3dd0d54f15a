// /packages/{id} (spec §2): title, like toggle, photo carousel (5 s), price, duration, destination, the
// five text sections, Book Now and Call Now; a page title and meta description per package.
import { useState } from 'react';
import { useParams } from 'wouter';
import { Link } from '../../components/ui/link';
import type { RouteMatch } from '../../lib/match-path';
import {
  ArrowLeft,
  CalendarDays,
  CircleCheck,
  CircleX,
  FileDown,
  Heart,
  ImageOff,
  Info,
  MapPin,
  MessageCircle,
  Phone,
} from 'lucide-react';
import type { TourPackage } from '@safarnama/contract/packages';
import { formatRupees, pluralDays } from '@safarnama/contract/common-rules';
import { PACKAGE_MESSAGES } from '@safarnama/contract/packages-rules';
import { IMAGE_SIZES, imageSrcSet } from '@safarnama/contract/uploads-rules';
import { Carousel } from '../../components/ui/carousel';
import { ButtonLink, buttonClass } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { InlineText, RichText } from '../../components/packages/rich-text';
import { api, apiUrl, assetUrl, errorMessage } from '../../lib/api-client';
import { prefetchResource, useResource } from '../../lib/use-resource';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSite } from '../../lib/site';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { Section } from '../../components/ui/section';

const CAROUSEL_INTERVAL_MS = 5000;

function ItemList({ items, icon }: { items: string[]; icon: 'check' | 'cross' | 'info' }) {
  const Icon = icon === 'check' ? CircleCheck : icon === 'cross' ? CircleX : Info;
  const colour = icon === 'check' ? 'text-emerald-600' : icon === 'cross' ? 'text-red-600' : 'text-accent-600';
  return (
    <ul className="space-y-3">
      {items.map((item, i) => (
        <li key={i} className="flex gap-3">
          <Icon className={`mt-1 size-5 shrink-0 ${colour}`} aria-hidden="true" />
          <span>
            <InlineText text={item} />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A wa.me link that lets the visitor pick whom to send `text` to. */
const whatsappShareLink = (text: string) => `https://wa.me/?text=${encodeURIComponent(text)}`;

function describe(pkg: TourPackage) {
  const where = pkg.description ? ` ${pkg.description}.` : '';
  return `${pkg.name}: ${pluralDays(pkg.duration)} from ${formatRupees(pkg.price)} per person.${where} A customizable tour by Safarnama.`;
}

function BookingCard({ pkg }: { pkg: TourPackage }) {
  const { phone } = useSite();
  const tel = phone ? `tel:${phone.replace(/[^\d+]/g, '')}` : undefined;
  return (
    <div className="rounded-3xl bg-white p-6 shadow-lg ring-1 ring-stone-200/70 sm:p-8">
      <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Starting from</p>
      <p className="mt-1 text-4xl font-bold text-brand-800">{formatRupees(pkg.price)}</p>
      <p className="text-sm text-stone-600">per person</p>
      <dl className="mt-6 space-y-4 border-t border-stone-100 pt-6 text-sm">
        <div>
          <dt className="flex items-center gap-2 font-medium text-stone-500">
            <CalendarDays className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
            Duration
          </dt>
          <dd className="mt-0.5 pl-7 text-base font-semibold text-stone-900">{pluralDays(pkg.duration)}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-2 font-medium text-stone-500">
            <MapPin className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
            Destination
          </dt>
          <dd className="mt-0.5 pl-7 text-base font-semibold text-stone-900">
            {pkg.description || PACKAGE_MESSAGES.notSpecified}
          </dd>
        </div>
      </dl>
      <div className="mt-8 grid gap-3">
        <ButtonLink
          to={`${paths.bookPackage(pkg.name, pluralDays(pkg.duration))}&packageId=${encodeURIComponent(pkg._id)}`}
          variant="accent"
          size="lg"
        >
          Book Now
        </ButtonLink>
        <a href={tel} className={buttonClass('outline', 'lg')} aria-disabled={tel ? undefined : true}>
          <Phone className="size-5" aria-hidden="true" />
          Call Now
        </a>
      </div>
      <div className="mt-3 grid gap-1">
        <a
          href={apiUrl(`/api/packages/${encodeURIComponent(pkg._id)}/brochure.pdf`)}
          download
          className={buttonClass('ghost')}
        >
          <FileDown className="size-4" aria-hidden="true" />
          Download brochure
        </a>
        <a
          href={whatsappShareLink(`${pkg.name}: ${window.location.origin}${paths.packageDetails(pkg._id)}`)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('ghost')}
        >
          <MessageCircle className="size-4" aria-hidden="true" />
          Share on WhatsApp
        </a>
      </div>
      <p className="mt-4 text-center text-xs text-stone-500">Every package can be tailored to your dates and budget.</p>
    </div>
  );
}

function PackageDetails({ pkg }: { pkg: TourPackage }) {
  const [liked, setLiked] = useState(false);
  useDocumentTitle(pkg.name, describe(pkg));
  const images = pkg.images.map((path, i) => ({
    src: assetUrl(path),
    srcSet: imageSrcSet(path, env.apiUrl),
    alt: `${pkg.name}, photo ${i + 1}`,
  }));

  return (
    <article className="container-page py-8 sm:py-12">
      <Link
        to={paths.packages}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:text-brand-900"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        All packages
      </Link>
      <header className="mt-4 flex items-start justify-between gap-4">
        <div className="min-w-0">
          <span className="inline-block rounded-full bg-accent-100 px-3 py-1 text-xs font-semibold tracking-wide text-accent-700 uppercase">
            Customizable
          </span>
          <h1 className="mt-3 text-3xl leading-tight font-bold sm:text-4xl lg:text-5xl">{pkg.name}</h1>
          <p className="mt-3 flex items-center gap-1.5 text-stone-600">
            <MapPin className="size-4 shrink-0 text-accent-600" aria-hidden="true" />
            {pkg.description || PACKAGE_MESSAGES.notSpecified}
          </p>
        </div>
        <button
          type="button"
          onClick={() => setLiked((l) => !l)}
          aria-pressed={liked}
          aria-label="Like this package"
          className={`inline-flex size-12 shrink-0 items-center justify-center rounded-full ring-1 transition-colors ${
            liked ? 'bg-red-50 text-red-600 ring-red-200' : 'bg-white text-stone-600 ring-stone-300 hover:text-red-600'
          }`}
        >
          <Heart className={`size-6 ${liked ? 'fill-current' : ''}`} aria-hidden="true" />
        </button>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_360px] lg:gap-12">
        <div className="min-w-0">
          {images.length > 0 ? (
            <Carousel
              images={images}
              intervalMs={CAROUSEL_INTERVAL_MS}
              label={`Photos of ${pkg.name}`}
              sizes={IMAGE_SIZES.gallery}
              className="aspect-[16/10] rounded-3xl"
            />
          ) : (
            <div className="flex aspect-[16/10] flex-col items-center justify-center gap-2 rounded-3xl bg-sand-100 text-stone-500">
              <ImageOff className="size-10" aria-hidden="true" />
              <span className="font-medium">{PACKAGE_MESSAGES.imageNotAvailable}</span>
            </div>
          )}
          <div className="mt-8 lg:hidden">
            <BookingCard pkg={pkg} />
          </div>
          <div className="mt-10">
            <Section title="Overview" look="article">
              <RichText text={pkg.packageOverview} />
            </Section>
            <Section title="Tour Itinerary" look="article">
              <RichText text={pkg.tourItinerary} />
            </Section>
            <Section title="Inclusions" look="article">
              <ItemList items={pkg.inclusions} icon="check" />
            </Section>
            <Section title="Exclusions" look="article">
              <ItemList items={pkg.exclusions} icon="cross" />
            </Section>
            <Section title="Important Notes" look="article">
              <ItemList items={pkg.importantNotes} icon="info" />
            </Section>
          </div>
        </div>
        <aside className="hidden lg:block" aria-label="Booking">
          <div className="sticky top-24">
            <BookingCard pkg={pkg} />
          </div>
        </aside>
      </div>
    </article>
  );
}

const packageKey = (id: string) => `package/${id}`;
const fetchPackage = (id: string) => () => api.get<TourPackage>(`/api/packages/${encodeURIComponent(id)}`);

/**
 * The data of the first render: app/lazy-page.ts calls it through the lazily imported module.
 * @public for knip, which does not follow that import's members.
 */
export const prefetch = ({ params }: RouteMatch) => {
  const id = params.id ?? '';
  return prefetchResource(packageKey(id), fetchPackage(id));
};

export default function PackageDetailsPage() {
  const { id = '' } = useParams();
  const { data, error, refetch } = useResource(packageKey(id), fetchPackage(id));
  useDocumentTitle(error ? 'Package not found' : undefined);
  if (error) {
    return (
      <section className="container-page py-16">
        <ErrorMessage
          action={
            <div className="flex flex-wrap gap-3">
              <ButtonLink to={paths.packages}>Browse all packages</ButtonLink>
              <button type="button" onClick={refetch} className={buttonClass('outline')}>
                Try again
              </button>
            </div>
          }
        >
          {errorMessage(error, PACKAGE_MESSAGES.detailsFailed)}
        </ErrorMessage>
      </section>
    );
  }
  if (!data) return <Spinner label="Loading package…" />;
  return <PackageDetails pkg={data} />;
}
