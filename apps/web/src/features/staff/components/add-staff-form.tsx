// The Owner's add-staff form: Full Name, Email Address and a Password held to D4's rule, shown live. A former
// staff member's Re-enable fills in their name and e-mail (D23: adding that e-mail re-enables the account).
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createStaffBodySchema, type CreateStaffBody } from '@safarnama/contract/staff';
import { UserPlus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { PasswordChecklist } from '../../../components/password/password-checklist';
import { ApiError } from '../../../lib/api-client';

const EMPTY: CreateStaffBody = { name: '', email: '', password: '' };

interface AddStaffFormProps {
  /** Resolves when added (the form clears); an ApiError's field errors are shown beside the fields. */
  onAdd: (body: CreateStaffBody) => Promise<unknown>;
  /** A former staff member to re-enable: their name and e-mail are filled in and the password focused. */
  prefill?: { name: string; email: string } | null;
}

export function AddStaffForm({ onAdd, prefill }: AddStaffFormProps) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<CreateStaffBody>({ resolver: zodResolver(createStaffBodySchema), defaultValues: EMPTY });
  const password = useWatch({ control, name: 'password' }) ?? '';
  useEffect(() => {
    if (!prefill) return;
    // A plain reset forgets the inputs until the next render registers them again, so a focus that ran first
    // found no input (a flaky e2e run); keeping the refs makes the focus independent of render timing. On a
    // phone the focus also brings the form (above the list) into view.
    reset({ name: prefill.name, email: prefill.email, password: '' }, { keepFieldsRef: true });
    setFocus('password');
  }, [prefill, reset, setFocus]);

  const onValid = async (body: CreateStaffBody) => {
    try {
      await onAdd(body);
      reset(EMPTY);
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        for (const [field, message] of Object.entries(err.errors)) {
          if (field === 'name' || field === 'email' || field === 'password') setError(field, { message });
        }
      }
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(onValid)(e)}
      className="space-y-4"
      aria-label="Add staff member"
    >
      <Field label="Full Name" required error={errors.name?.message}>
        <input type="text" autoComplete="off" className={inputClass} {...register('name')} />
      </Field>
      <Field label="Email Address" required error={errors.email?.message}>
        <input type="email" autoComplete="off" inputMode="email" className={inputClass} {...register('email')} />
      </Field>
      <div>
        <Field
          label="Password"
          required
          error={errors.password?.message}
          hint="Share it with them privately; they can change it in their profile."
        >
          <input type="password" autoComplete="new-password" className={inputClass} {...register('password')} />
        </Field>
        <PasswordChecklist password={password} />
      </div>
      <Button type="submit" disabled={isSubmitting} className="w-full sm:w-auto">
        <UserPlus className="size-4" aria-hidden="true" />
        {isSubmitting ? 'Adding…' : 'Add Staff Member'}
      </Button>
    </form>
  );
}
