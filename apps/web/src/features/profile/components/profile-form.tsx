// The profile form (spec §5, D17, D21): name and e-mail; a new password is optional, but once typed it must
// meet D4's rule (shown live), match its confirmation and come with the current password. A new e-mail needs
// the current password too, and waits for its code (the page shows that). Submit stays disabled while anything
// is invalid; an empty password is not sent.
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  PROFILE_MESSAGES,
  updateProfileBodySchema,
  type Profile,
  type UpdateProfileBody,
} from '@safarnama/contract/staff';
import {
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_REQUIREMENTS_MESSAGE,
  isStrongPassword,
} from '@safarnama/contract/auth-rules';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { PasswordChecklist } from '../../../components/password/password-checklist';

const profileFormSchema = (currentEmail: string) =>
  z
    .object({
      name: updateProfileBodySchema.shape.name,
      email: updateProfileBodySchema.shape.email,
      password: z.string().max(PASSWORD_MAX_LENGTH),
      confirmPassword: z.string(),
      currentPassword: z.string().max(PASSWORD_MAX_LENGTH),
    })
    .superRefine((v, ctx) => {
      const emailChanged = v.email.trim().toLowerCase() !== currentEmail;
      if (v.password === '') {
        if (emailChanged && v.currentPassword === '')
          ctx.addIssue({
            code: 'custom',
            path: ['currentPassword'],
            message: PROFILE_MESSAGES.currentPasswordForEmail,
          });
        return;
      }
      if (!isStrongPassword(v.password))
        ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_REQUIREMENTS_MESSAGE });
      if (v.password !== v.confirmPassword)
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH_MESSAGE });
      if (v.currentPassword === '')
        ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: PROFILE_MESSAGES.currentPasswordRequired });
    });

type FormSchema = ReturnType<typeof profileFormSchema>;
type FormInput = z.input<FormSchema>;
type FormOutput = z.output<FormSchema>;

/** What goes to PUT /api/profile: the current password only with a new password or a new e-mail. */
function toProfileBody(values: FormOutput, currentEmail: string): UpdateProfileBody {
  const body: UpdateProfileBody = { name: values.name, email: values.email };
  if (values.password) body.password = values.password;
  if (values.password || values.email !== currentEmail) body.currentPassword = values.currentPassword;
  return body;
}

interface ProfileFormProps {
  profile: Profile;
  /** Resolves when saved; the form then clears the password fields. Field errors come back by name. */
  onSave: (body: UpdateProfileBody) => Promise<Record<string, string> | void>;
}

export function ProfileForm({ profile, onSave }: ProfileFormProps) {
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    trigger,
    getFieldState,
    formState: { errors, isValid, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(profileFormSchema(profile.email)),
    mode: 'onTouched',
    reValidateMode: 'onChange',
    defaultValues: { name: profile.name, email: profile.email, password: '', confirmPassword: '', currentPassword: '' },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const email = useWatch({ control, name: 'email' }) ?? '';
  const changingPassword = password !== '';
  const changingEmail = email.trim().toLowerCase() !== profile.email;

  const onValid = async (values: FormOutput) => {
    const fieldErrors = await onSave(toProfileBody(values, profile.email));
    if (fieldErrors) {
      for (const [field, message] of Object.entries(fieldErrors)) {
        if (field === 'name' || field === 'email' || field === 'password' || field === 'currentPassword')
          setError(field, { message }, { shouldFocus: true });
      }
      return;
    }
    // A new e-mail is pending, not yet the account's: the field shows the account's e-mail again.
    reset({ name: values.name, email: profile.email, password: '', confirmPassword: '', currentPassword: '' });
  };

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-5">
      <Field label="Name" required error={errors.name?.message}>
        <input type="text" autoComplete="name" className={inputClass} {...register('name')} />
      </Field>
      <Field label="Email" required error={errors.email?.message}>
        <input type="email" autoComplete="email" inputMode="email" className={inputClass} {...register('email')} />
      </Field>

      <fieldset className="space-y-4 rounded-2xl border border-stone-200 p-4 sm:p-5">
        <legend className="px-1 text-sm font-semibold text-stone-800">Change password (optional)</legend>
        <div>
          <Field
            label="New password"
            error={errors.password?.message}
            hint="Leave blank to keep your current password."
          >
            <input
              type="password"
              autoComplete="new-password"
              className={inputClass}
              {...register('password', {
                // Re-check the confirmation once it has been filled in, so its message follows this field.
                onChange: () => {
                  if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
                },
              })}
            />
          </Field>
          {changingPassword ? <PasswordChecklist password={password} /> : null}
        </div>
        <Field label="Confirm new password" error={errors.confirmPassword?.message}>
          <input type="password" autoComplete="new-password" className={inputClass} {...register('confirmPassword')} />
        </Field>
      </fieldset>
      {changingPassword || changingEmail ? (
        <Field
          label="Current password"
          required
          error={errors.currentPassword?.message}
          hint={changingPassword ? undefined : 'Needed to change your email.'}
        >
          <input
            type="password"
            autoComplete="current-password"
            className={inputClass}
            {...register('currentPassword')}
          />
        </Field>
      ) : null}

      <Button type="submit" disabled={!isValid || isSubmitting} className="w-full sm:w-auto">
        {isSubmitting ? 'Saving…' : 'Update Profile'}
      </Button>
    </form>
  );
}
