// The package form of /create-package and /packages/edit/{id} (spec §5): name, destinations, price,
// duration, the five long texts and images — at least one on create; on edit images are optional and the
// current ones can be kept, removed or reordered.
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_PACKAGE_IMAGES,
  packageFieldsSchema,
  type PackageFields,
  type PackageFieldsInput,
  type TourPackage,
} from '@safarnama/contract/packages';
import { DRAFT_MESSAGES } from '@safarnama/contract/inquiries-rules';
import { PACKAGE_MESSAGES } from '@safarnama/contract/packages-rules';
import { UPLOAD_LIMITS, UPLOAD_PROGRESS_MESSAGES } from '@safarnama/contract/uploads';
import { Button, ButtonLink } from '../../../components/ui/button';
import { DraftNotice } from '../../../components/ui/draft-notice';
import { Field, inputClass } from '../../../components/ui/field';
import { ImageDropZone, SelectedImages } from '../../../components/uploads/image-drop-zone';
import { useImageSelection } from '../../../components/uploads/use-image-selection';
import { UploadProgress, useUpload } from '../../../components/uploads/upload-progress';
import { ApiError, isAbortError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useDraftForm } from '../../../lib/form-draft';
import type { PackagePayload } from '../api/package-form-data';
import { ExistingImages } from './existing-images';

type TextField = keyof PackageFieldsInput;

const EMPTY: PackageFieldsInput = {
  name: '',
  description: '',
  price: '',
  duration: '',
  packageOverview: '',
  tourItinerary: '',
  inclusions: '',
  exclusions: '',
  importantNotes: '',
};

/** A stored package as the form shows it: lists one item per line (spec §3). */
function toPackageFormValues(pkg: TourPackage): PackageFieldsInput {
  return {
    name: pkg.name,
    description: pkg.description,
    price: String(pkg.price),
    duration: String(pkg.duration),
    packageOverview: pkg.packageOverview,
    tourItinerary: pkg.tourItinerary,
    inclusions: pkg.inclusions.join('\n'),
    exclusions: pkg.exclusions.join('\n'),
    importantNotes: pkg.importantNotes.join('\n'),
  };
}

const LONG_TEXTS: { name: TextField; label: string; rows: number; hint: string }[] = [
  {
    name: 'packageOverview',
    label: 'Package overview',
    rows: 5,
    hint: 'Use **bold** for emphasis; line breaks are kept.',
  },
  { name: 'tourItinerary', label: 'Tour itinerary', rows: 8, hint: 'Day by day, e.g. **Day 1:** Arrival in Jaipur.' },
  { name: 'inclusions', label: 'Inclusions', rows: 5, hint: 'One item per line.' },
  { name: 'exclusions', label: 'Exclusions', rows: 5, hint: 'One item per line.' },
  { name: 'importantNotes', label: 'Important notes', rows: 4, hint: 'One item per line.' },
];

interface PackageFormProps {
  /** The package being edited; absent for a new one. */
  pkg?: TourPackage;
  submitLabel: string;
  /** Where Cancel goes; no Cancel when absent. */
  cancelTo?: string;
  /** Resolves true when saved (a new-package form then clears itself). Rejections carry ApiError field errors. */
  onSubmit: (payload: PackagePayload) => Promise<boolean>;
}

export function PackageForm({ pkg, submitLabel, cancelTo, onSubmit }: PackageFormProps) {
  const isEdit = Boolean(pkg);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
    draft,
  } = useDraftForm<PackageFieldsInput, unknown, PackageFields>(
    pkg ? `package-edit:${pkg._id}` : 'package:new',
    pkg ? toPackageFormValues(pkg) : EMPTY,
    { resolver: zodResolver(packageFieldsSchema), base: pkg?.updatedAt },
  );
  const [kept, setKept] = useState<string[]>(pkg?.images ?? []);
  const selection = useImageSelection(Math.min(UPLOAD_LIMITS.maxFiles, MAX_PACKAGE_IMAGES - kept.length));
  const [imageError, setImageError] = useState<string | undefined>();
  const uploader = useUpload();

  const checkImages = () => {
    const missing = !isEdit && selection.items.length === 0;
    setImageError(missing ? PACKAGE_MESSAGES.atLeastOneImage : undefined);
    return !missing;
  };

  const onValid = async (fields: PackageFields) => {
    if (!checkImages()) return;
    try {
      const saved = await uploader.run(
        selection.items.map((i) => i.file),
        (images, transfer) => onSubmit({ fields, images, keepImages: isEdit ? kept : undefined, transfer }),
      );
      if (saved) draft.clear();
      if (saved && !isEdit) {
        reset(EMPTY);
        selection.clear();
      }
    } catch (err) {
      // What was entered stays, to be sent again.
      if (isAbortError(err)) notify.info(UPLOAD_PROGRESS_MESSAGES.cancelled);
      else if (err instanceof ApiError && err.errors) {
        for (const [field, message] of Object.entries(err.errors)) {
          if (field in EMPTY) setError(field as TextField, { message });
          else setImageError(message);
        }
      } else if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
        setImageError(err.message);
      }
    }
  };

  return (
    <form
      noValidate
      // Image rules are checked with the fields, so every problem shows at once.
      onSubmit={(e) => {
        checkImages();
        void handleSubmit(onValid)(e);
      }}
      className="space-y-5"
    >
      {/* Chosen files are not kept with the text (they can be many megabytes). */}
      <DraftNotice draft={draft}>{DRAFT_MESSAGES.imagesNotKept}</DraftNotice>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Package name" required error={errors.name?.message} className="col-span-2">
          <input type="text" className={inputClass} {...register('name')} />
        </Field>
        <Field
          label="Destinations"
          required
          error={errors.description?.message}
          hint="e.g. Jaipur, Udaipur, Jodhpur"
          className="col-span-2"
        >
          <input type="text" className={inputClass} {...register('description')} />
        </Field>
        <Field label="Price per person (₹)" required error={errors.price?.message}>
          <input type="number" inputMode="decimal" min={0} className={inputClass} {...register('price')} />
        </Field>
        <Field label="Duration (days)" required error={errors.duration?.message}>
          <input type="number" inputMode="numeric" min={1} className={inputClass} {...register('duration')} />
        </Field>
      </div>

      {LONG_TEXTS.map((t) => (
        <Field key={t.name} label={t.label} required error={errors[t.name]?.message} hint={t.hint}>
          <textarea rows={t.rows} className={inputClass} {...register(t.name)} />
        </Field>
      ))}

      {pkg ? <ExistingImages original={pkg.images} kept={kept} onChange={setKept} /> : null}
      <div>
        <ImageDropZone
          label={isEdit ? 'Add images (optional)' : 'Images (at least one)'}
          onFiles={(files) => {
            setImageError(undefined);
            selection.add(files);
          }}
          hint={
            isEdit
              ? 'JPEG, PNG, WebP, AVIF or GIF, 10 MB each. New images go after the current ones.'
              : 'JPEG, PNG, WebP, AVIF or GIF, 10 MB each. The first image is the cover.'
          }
          error={imageError}
        />
        <SelectedImages items={selection.items} onRemove={selection.remove} />
      </div>

      <UploadProgress progress={uploader.progress} onCancel={uploader.cancel} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        {cancelTo ? (
          // Cancel means the changes are not wanted: nothing is offered back next time.
          <ButtonLink to={cancelTo} variant="outline" size="lg" onClick={draft.clear}>
            Cancel
          </ButtonLink>
        ) : null}
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
