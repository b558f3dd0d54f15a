// The Owner dashboard's latest packages: a compact list with a thumbnail and an Edit link each.
import { Link } from '../../../lib/router';
import { ImageOff } from 'lucide-react';
import type { TourPackage } from '@safarnama/contract/packages';
import { formatRupees, pluralDays } from '@safarnama/contract/format';
import { imageAtWidth } from '@safarnama/contract/uploads';
import { assetUrl } from '../../../lib/api-client';
import { paths } from '../../../config/paths';

export function RecentPackages({ packages }: { packages: TourPackage[] }) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {packages.map((pkg) => {
        const image = pkg.images[0];
        return (
          <li key={pkg._id} className="card flex min-w-0 items-center gap-4 p-3">
            {image ? (
              <img
                src={assetUrl(imageAtWidth(image, 480))}
                alt=""
                width={96}
                height={72}
                loading="lazy"
                className="h-[72px] w-24 shrink-0 rounded-xl object-cover"
              />
            ) : (
              <span className="flex h-[72px] w-24 shrink-0 items-center justify-center rounded-xl bg-sand-100 text-stone-400">
                <ImageOff className="size-6" aria-hidden="true" />
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-stone-900">{pkg.name}</p>
              <p className="text-sm text-stone-600">
                {formatRupees(pkg.price)} · {pluralDays(pkg.duration)}
              </p>
            </div>
            <Link
              to={paths.editPackage(pkg._id)}
              className="shrink-0 rounded-full px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              aria-label={`Edit ${pkg.name}`}
            >
              Edit
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
