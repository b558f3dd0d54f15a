// Structured data (schema.org, as JSON-LD) for search engines: the agency on the home page and each
// package as a TouristTrip with its Offer.
import type { TourPackage } from '@safarnama/contract';
import type { Config } from '../config';
import { largestImageUrl } from './site-url';

const CONTEXT = 'https://schema.org';

/** The social links the agency configured (the web's placeholders for unset ones are not the agency's). */
const sameAsOf = (config: Config) =>
  [
    config.SITE_SOCIAL_FACEBOOK,
    config.SITE_SOCIAL_INSTAGRAM,
    config.SITE_SOCIAL_TWITTER,
    config.SITE_SOCIAL_YOUTUBE,
  ].filter((link): link is string => Boolean(link && /^https?:\/\//.test(link)));

/** The agency: name, contacts, address when set, social profiles. */
export function travelAgency(config: Config, imageUrl?: string): object {
  const sameAs = sameAsOf(config);
  return {
    '@context': CONTEXT,
    '@type': 'TravelAgency',
    name: config.SITE_NAME,
    url: `${config.SITE_URL}/`,
    telephone: config.SITE_PHONE,
    email: config.SITE_EMAIL,
    ...(imageUrl ? { image: imageUrl } : {}),
    ...(config.SITE_ADDRESS ? { address: config.SITE_ADDRESS } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** A package as a trip on offer at its price per person, in rupees. */
export function touristTrip(config: Config, pkg: TourPackage, url: string): object {
  return {
    '@context': CONTEXT,
    '@type': 'TouristTrip',
    name: pkg.name,
    description: pkg.packageOverview.replace(/\*\*/g, ''),
    url,
    ...(pkg.images.length ? { image: pkg.images.map((path) => largestImageUrl(config.SITE_URL, path)) } : {}),
    ...(pkg.description ? { itinerary: { '@type': 'Place', name: pkg.description } } : {}),
    provider: { '@type': 'TravelAgency', name: config.SITE_NAME, url: `${config.SITE_URL}/` },
    offers: {
      '@type': 'Offer',
      price: pkg.price,
      priceCurrency: 'INR',
      availability: 'https://schema.org/InStock',
      url,
    },
  };
}
