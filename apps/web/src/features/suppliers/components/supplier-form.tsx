// The add/edit form of a supplier (D33): the contract's schema checks it as the other forms do, and the server's
// field errors (a duplicate name, say) show beside their fields.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  SUPPLIER_KIND_LABELS,
  SUPPLIER_LIMITS,
  SUPPLIER_MESSAGES,
  supplierBodySchema,
  type Supplier,
  type SupplierBody,
  type SupplierFormValues,
} from '@safarnama/contract/suppliers';
import { SUPPLIER_KINDS } from '@safarnama/contract/quotes-rules';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';

const EMPTY: SupplierFormValues = {
  kind: 'hotel',
  name: '',
  city: '',
  contactPerson: '',
  address: '',
  phone: '',
  email: '',
  notes: '',
  active: true,
};

const FIELDS = ['kind', 'name', 'city', 'contactPerson', 'address', 'phone', 'email', 'notes'] as const;

const valuesOf = (s: Supplier): SupplierFormValues => ({
  kind: s.kind,
  name: s.name,
  city: s.city,
  contactPerson: s.contactPerson,
  address: s.address,
  phone: s.phone,
  email: s.email,
  notes: s.notes,
  active: s.active,
});

interface SupplierFormProps {
  /** The supplier to edit; absent to add one. */
  supplier?: Supplier;
  /** Resolves when saved; an ApiError's field errors are shown beside the fields. */
  onSave: (body: SupplierBody) => Promise<unknown>;
  onCancel: () => void;
}

export function SupplierForm({ supplier, onSave, onCancel }: SupplierFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SupplierFormValues, unknown, SupplierBody>({
    resolver: zodResolver(supplierBodySchema),
    defaultValues: supplier ? valuesOf(supplier) : EMPTY,
  });

  const onValid = async (body: SupplierBody) => {
    try {
      await onSave(body);
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        for (const [field, message] of Object.entries(err.errors)) {
          const known = FIELDS.find((f) => f === field);
          if (known) setError(known, { message });
        }
      }
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(onValid)(e)}
      aria-label={supplier ? `Edit ${supplier.name}` : SUPPLIER_MESSAGES.add}
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
    >
      <Field label="Kind" required error={errors.kind?.message}>
        <select className={inputClass} {...register('kind')}>
          {SUPPLIER_KINDS.map((k) => (
            <option key={k} value={k}>
              {SUPPLIER_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Name" required error={errors.name?.message}>
        <input className={inputClass} autoComplete="off" maxLength={SUPPLIER_LIMITS.name} {...register('name')} />
      </Field>
      <Field label="City" required error={errors.city?.message}>
        <input className={inputClass} autoComplete="off" maxLength={SUPPLIER_LIMITS.city} {...register('city')} />
      </Field>
      <Field label="Contact person" error={errors.contactPerson?.message}>
        <input
          className={inputClass}
          autoComplete="off"
          maxLength={SUPPLIER_LIMITS.contactPerson}
          {...register('contactPerson')}
        />
      </Field>
      <Field label="Phone / WhatsApp" error={errors.phone?.message} hint="+91 98160 12345, or a 10-digit mobile">
        <input
          className={inputClass}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          maxLength={SUPPLIER_LIMITS.phone}
          {...register('phone')}
        />
      </Field>
      <Field label="E-mail" error={errors.email?.message}>
        <input className={inputClass} type="email" inputMode="email" autoComplete="off" {...register('email')} />
      </Field>
      <Field
        label="Address"
        error={errors.address?.message}
        hint="Printed on the traveller's vouchers"
        className="sm:col-span-2"
      >
        <textarea
          className={inputClass}
          rows={2}
          autoComplete="off"
          maxLength={SUPPLIER_LIMITS.address}
          {...register('address')}
        />
      </Field>
      <Field label="Notes" error={errors.notes?.message} className="sm:col-span-2">
        <textarea className={inputClass} rows={3} maxLength={SUPPLIER_LIMITS.notes} {...register('notes')} />
      </Field>
      <label className="flex items-center gap-2 text-sm font-medium text-stone-700 sm:col-span-2">
        <input type="checkbox" className="size-4 rounded border-stone-300" {...register('active')} />
        {SUPPLIER_MESSAGES.active}
      </label>
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? SUPPLIER_MESSAGES.saving : SUPPLIER_MESSAGES.save}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {SUPPLIER_MESSAGES.cancel}
        </Button>
      </div>
    </form>
  );
}
