// Footer (spec §2): contact phone and e-mail, quick links, terms, social links.
import { Link } from '../../components/ui/link';
import { Mail, Phone } from 'lucide-react';
import { useSite } from '../../lib/site';
import { paths } from '../../config/paths';
import { Logo } from './logo';

const SOCIAL_LABELS: Record<string, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
};

export function Footer() {
  const site = useSite();
  const socials = Object.entries(site.social).filter((entry): entry is [string, string] => Boolean(entry[1]));
  return (
    <footer className="mt-20 bg-brand-900 text-brand-100">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo light />
          <p className="mt-3 text-sm leading-relaxed text-brand-200">
            Customizable tour packages across India, planned by people who travel.
          </p>
        </div>
        <div>
          <h2 className="font-sans text-sm font-semibold tracking-wider text-white uppercase">Contact</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {site.phone ? (
              <li>
                <a
                  href={`tel:${site.phone.replace(/\s/g, '')}`}
                  className="inline-flex items-center gap-2 hover:text-white"
                >
                  <Phone className="size-4" aria-hidden="true" /> {site.phone}
                </a>
              </li>
            ) : null}
            {site.email ? (
              <li>
                <a href={`mailto:${site.email}`} className="inline-flex items-center gap-2 break-all hover:text-white">
                  <Mail className="size-4" aria-hidden="true" /> {site.email}
                </a>
              </li>
            ) : null}
          </ul>
        </div>
        <div>
          <h2 className="font-sans text-sm font-semibold tracking-wider text-white uppercase">Quick links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to={paths.packages} className="hover:text-white">
                Packages
              </Link>
            </li>
            <li>
              <Link to={paths.about} className="hover:text-white">
                About Us
              </Link>
            </li>
            <li>
              <Link to={paths.contact} className="hover:text-white">
                Contact
              </Link>
            </li>
            <li>
              <Link to={paths.faq} className="hover:text-white">
                Terms and Conditions
              </Link>
            </li>
          </ul>
        </div>
        {/* Only the links the agency set (SITE_SOCIAL_*); none, no heading. */}
        {socials.length > 0 ? (
          <div>
            <h2 className="font-sans text-sm font-semibold tracking-wider text-white uppercase">Follow us</h2>
            <ul className="mt-3 flex flex-wrap gap-2 text-sm">
              {socials.map(([key, url]) => (
                <li key={key}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-block rounded-full border border-brand-600 px-3 py-1 hover:border-white hover:text-white"
                  >
                    {SOCIAL_LABELS[key] ?? key}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <div className="border-t border-brand-800">
        <p className="container-page py-5 text-xs text-brand-300">
          © {new Date().getFullYear()} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
