// The dashboards' latest packages (spec §2: at most ten): a compact list with a thumbnail and, for the Owner, an
// Edit link each, for Staff a link to the package's details.
import { Link } from '../../../components/ui/link';
import { ChevronRight, ImageOff, Images, Map, Pencil } from 'lucide-react';
import type { TourPackage } from '@safarnama/contract/packages';
import { formatRupees, pluralDays } from '@safarnama/contract/common-rules';
import { imageAtWidth } from '@safarnama/contract/uploads-rules';
import { assetUrl } from '../../../lib/api-client';
import { paths } from '../../../config/paths';
import { ButtonLink } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import type { useRecentPackages } from '../api/get-recent-packages';
import { DashboardError, DashboardSection } from './dashboard-parts';

/** What each package links to: its edit form (Owner) or its public details page (Staff). */
export type PackageLinkKind = 'edit' | 'details';

function RecentPackages({ packages, link }: { packages: TourPackage[]; link: PackageLinkKind }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {packages.map((pkg) => {
        const image = pkg.images[0];
        return (
          <li key={pkg._id} className="card flex min-w-0 items-center gap-3 p-3 sm:gap-4">
            {image ? (
              <img
                src={assetUrl(imageAtWidth(image, 480))}
                alt=""
                width={96}
                height={72}
                loading="lazy"
                className="h-[60px] w-20 shrink-0 rounded-xl object-cover sm:h-[72px] sm:w-24"
              />
            ) : (
              <span className="flex h-[60px] w-20 shrink-0 items-center justify-center rounded-xl bg-sand-100 text-stone-400 sm:h-[72px] sm:w-24">
                <ImageOff className="size-6" aria-hidden="true" />
              </span>
            )}
            <div className="min-w-0 flex-1">
              {/* Two lines, not one cut short: on a phone one line held "Goa Beach …". */}
              <p className="line-clamp-2 font-semibold [overflow-wrap:anywhere] text-stone-900">{pkg.name}</p>
              <p className="text-sm text-stone-600">
                {formatRupees(pkg.price)} · {pluralDays(pkg.duration)}
              </p>
            </div>
            <Link
              to={link === 'edit' ? paths.editPackage(pkg._id) : paths.packageDetails(pkg._id)}
              className="-mr-1 shrink-0 rounded-full p-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 sm:mr-0 sm:px-3 sm:py-1.5"
              aria-label={`${link === 'edit' ? 'Edit' : 'View details of'} ${pkg.name}`}
            >
              {/* On a phone an icon, so that the name has the width: a word took a third of it. */}
              <span className="hidden sm:inline">{link === 'edit' ? 'Edit' : 'Details'}</span>
              {link === 'edit' ? (
                <Pencil className="size-5 sm:hidden" aria-hidden="true" />
              ) : (
                <ChevronRight className="size-5 sm:hidden" aria-hidden="true" />
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The "Latest packages" section: loading, error with retry, empty, or the list. */
export function LatestPackagesSection({
  packages,
  link,
}: {
  packages: ReturnType<typeof useRecentPackages>;
  link: PackageLinkKind;
}) {
  return (
    <DashboardSection
      title="Latest packages"
      action={
        link === 'edit' ? (
          <ButtonLink to={paths.managePackages} variant="outline" size="sm">
            <Images className="size-4" aria-hidden="true" /> Manage packages
          </ButtonLink>
        ) : (
          <ButtonLink to={paths.packages} variant="outline" size="sm">
            <Map className="size-4" aria-hidden="true" /> All packages
          </ButtonLink>
        )
      }
    >
      {packages.isPending ? (
        <Spinner label="Loading packages…" />
      ) : packages.isError ? (
        <DashboardError error={packages.error} onRetry={() => void packages.refetch()} />
      ) : packages.data.length === 0 ? (
        <EmptyState>No packages yet.</EmptyState>
      ) : (
        <RecentPackages packages={packages.data} link={link} />
      )}
    </DashboardSection>
  );
}
