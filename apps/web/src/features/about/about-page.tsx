// /about (spec §2): who we are, mission, vision and eight core values.
import {
  Compass,
  Eye,
  HandHeart,
  Handshake,
  Leaf,
  Lightbulb,
  ShieldCheck,
  Smile,
  Sparkles,
  Target,
  Users,
} from 'lucide-react';
import type { BackgroundImage } from '@safarnama/contract/uploads';
import { imageSrcSet } from '@safarnama/contract/uploads-rules';
import { ButtonLink } from '../../components/ui/button';
import { api, assetUrl } from '../../lib/api-client';
import { useResource } from '../../lib/use-resource';
import { useDocumentTitle } from '../../lib/use-document-title';
import { env } from '../../config/env';
import { paths } from '../../config/paths';

const VALUES = [
  {
    icon: Smile,
    title: 'Traveller First',
    text: 'Every decision starts with what makes your journey easier, safer and more memorable.',
  },
  { icon: ShieldCheck, title: 'Integrity', text: 'Honest advice, clear prices and no hidden charges, ever.' },
  {
    icon: Sparkles,
    title: 'Excellence',
    text: 'We sweat the details, from hotel rooms to the timing of a sunrise drive.',
  },
  {
    icon: Compass,
    title: 'Authentic Experiences',
    text: 'Local guides, local food and places that show the real character of a region.',
  },
  {
    icon: Leaf,
    title: 'Responsible Travel',
    text: 'We respect the places we visit and the communities that welcome us.',
  },
  {
    icon: Lightbulb,
    title: 'Flexibility',
    text: 'Every package is a starting point that we reshape around your dates and budget.',
  },
  {
    icon: Handshake,
    title: 'Trust and Transparency',
    text: 'You always know what is included, what is not, and what it costs.',
  },
  {
    icon: Users,
    title: 'Care and Support',
    text: 'A real person looks after you before, during and after your trip, 24/7.',
  },
];

function AboutHero() {
  const { data } = useResource('backgrounds', () => api.get<BackgroundImage[]>('/api/backgrounds'));
  const image = data?.[1] ?? data?.[0];
  return (
    <section className="relative isolate overflow-hidden bg-brand-900">
      {image ? (
        <img
          src={assetUrl(image.imageUrl)}
          srcSet={imageSrcSet(image.imageUrl, env.apiUrl)}
          sizes="100vw"
          alt=""
          width={1600}
          height={900}
          className="absolute inset-0 -z-10 size-full object-cover"
        />
      ) : null}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-r from-stone-950/90 via-stone-950/70 to-stone-950/40"
      />
      <div className="container-page py-20 sm:py-28">
        <p className="text-sm font-semibold tracking-[0.2em] text-accent-300 uppercase">About us</p>
        <h1 className="mt-3 max-w-3xl text-4xl leading-tight font-bold text-white sm:text-5xl">
          We plan journeys the way we love to travel
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-stone-100">
          Safarnama means “a travelogue”. For years we have helped families, friends and solo travellers see India on
          their own terms, with packages that bend to fit the people taking them.
        </p>
      </div>
    </section>
  );
}

export default function AboutPage() {
  useDocumentTitle('About Us', 'Safarnama’s mission, vision and the eight core values behind every trip we plan.');
  return (
    <>
      <AboutHero />
      <section className="container-page grid gap-6 py-16 sm:py-20 md:grid-cols-2">
        <div className="rounded-3xl bg-white p-8 shadow-sm ring-1 ring-stone-200/70 sm:p-10">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-accent-100 text-accent-700">
            <Target className="size-7" aria-hidden="true" />
          </span>
          <h2 className="mt-6 text-3xl font-bold">Our Mission</h2>
          <p className="mt-4 text-lg leading-relaxed text-stone-700">
            To make travel across India simple, personal and worry-free: thoughtfully designed packages, honest prices
            and a team that listens, so every traveller comes home with stories worth telling.
          </p>
        </div>
        <div className="rounded-3xl bg-brand-800 p-8 text-brand-50 shadow-sm sm:p-10">
          <span className="flex size-14 items-center justify-center rounded-2xl bg-white/15 text-white">
            <Eye className="size-7" aria-hidden="true" />
          </span>
          <h2 className="mt-6 text-3xl font-bold text-white">Our Vision</h2>
          <p className="mt-4 text-lg leading-relaxed">
            To be India’s most trusted travel companion, known for journeys that feel made-to-measure and for care that
            continues long after the booking is done.
          </p>
        </div>
      </section>

      <section aria-labelledby="values-title" className="bg-white py-16 sm:py-20">
        <div className="container-page">
          <div className="mx-auto max-w-2xl text-center">
            <HandHeart className="mx-auto size-10 text-accent-600" aria-hidden="true" />
            <h2 id="values-title" className="mt-4 text-3xl font-bold sm:text-4xl">
              Our Core Values
            </h2>
            <p className="mt-3 text-stone-600">Eight promises that shape every itinerary we write.</p>
          </div>
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-3xl bg-sand-50 p-6 ring-1 ring-stone-200/70">
                <Icon className="size-8 text-brand-700" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-bold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-stone-600">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="container-page py-16 text-center sm:py-20">
        <h2 className="text-3xl font-bold">Let’s plan your next story</h2>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to={paths.packages} size="lg">
            Browse packages
          </ButtonLink>
          <ButtonLink to={paths.contact} variant="outline" size="lg">
            Contact us
          </ButtonLink>
        </div>
      </section>
    </>
  );
}
