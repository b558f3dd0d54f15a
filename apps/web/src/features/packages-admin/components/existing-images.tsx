// The edit form's current images: keep, remove or reorder them (sent as `keepImages`, in order).
import { ArrowLeft, ArrowRight, RotateCcw, Trash2 } from 'lucide-react';
import { imageAtWidth } from '@safarnama/contract/uploads-rules';
import { assetUrl } from '../../../lib/api-client';

interface ExistingImagesProps {
  /** The stored images, in the package's order. */
  original: readonly string[];
  kept: string[];
  onChange: (kept: string[]) => void;
}

const iconButton =
  'inline-flex size-8 items-center justify-center rounded-full bg-white/95 text-stone-800 shadow ring-1 ring-stone-200 hover:bg-white disabled:opacity-40';

export function ExistingImages({ original, kept, onChange }: ExistingImagesProps) {
  const removed = original.filter((p) => !kept.includes(p));
  const move = (index: number, by: -1 | 1) => {
    const next = [...kept];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };

  return (
    <div>
      <p className="mb-1.5 text-sm font-medium text-stone-700">Current images</p>
      {kept.length === 0 ? (
        <p className="rounded-xl bg-sand-100 px-4 py-3 text-sm text-stone-600">
          No current images will be kept. Add new ones below, or restore a removed one.
        </p>
      ) : (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Current images, in order">
          {kept.map((path, index) => (
            <li key={path} className="overflow-hidden rounded-xl bg-sand-100 ring-1 ring-stone-200">
              <div className="relative">
                <img
                  src={assetUrl(imageAtWidth(path, 480))}
                  alt={`Image ${index + 1}`}
                  className="aspect-[4/3] w-full object-cover"
                  loading="lazy"
                />
                {index === 0 ? (
                  <span className="absolute top-2 left-2 rounded-full bg-brand-800 px-2 py-0.5 text-xs font-semibold text-white">
                    Cover
                  </span>
                ) : null}
              </div>
              <div className="flex items-center justify-between gap-1 p-2">
                <div className="flex gap-1">
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => move(index, -1)}
                    disabled={index === 0}
                    aria-label={`Move image ${index + 1} earlier`}
                  >
                    <ArrowLeft className="size-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => move(index, 1)}
                    disabled={index === kept.length - 1}
                    aria-label={`Move image ${index + 1} later`}
                  >
                    <ArrowRight className="size-4" aria-hidden="true" />
                  </button>
                </div>
                <button
                  type="button"
                  className={`${iconButton} text-red-700`}
                  onClick={() => onChange(kept.filter((p) => p !== path))}
                  aria-label={`Remove image ${index + 1}`}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {removed.length > 0 ? (
        <div className="mt-3">
          <p className="mb-2 text-sm text-stone-600">Removed ({removed.length}) — deleted when you save:</p>
          <ul className="flex flex-wrap gap-2" aria-label="Removed images">
            {removed.map((path) => (
              <li key={path} className="relative">
                <img
                  src={assetUrl(imageAtWidth(path, 480))}
                  alt=""
                  className="h-14 w-20 rounded-lg object-cover opacity-50 grayscale"
                  loading="lazy"
                />
                <button
                  type="button"
                  className="absolute inset-0 flex items-center justify-center rounded-lg text-white hover:bg-stone-900/40"
                  onClick={() => onChange([...kept, path])}
                  aria-label={`Restore removed image ${original.indexOf(path) + 1}`}
                >
                  <RotateCcw className="size-5 drop-shadow" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
