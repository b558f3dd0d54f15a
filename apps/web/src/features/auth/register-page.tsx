// /register (spec §2): details, then the 6-digit code sent by e-mail; success toasts and goes home.
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Link } from '../../components/ui/link';
import { useForm, useWatch } from 'react-hook-form';
import type { RegisterBody } from '@safarnama/contract/auth';
import { AUTH_MESSAGES, OTP_LENGTH, OTP_TTL_MINUTES } from '@safarnama/contract/auth-rules';
import { Button } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/alert';
import { Field, inputClass } from '../../components/ui/field';
import { PasswordChecklist } from '../../components/password/password-checklist';
import { OtpForm, usePreloadOtpForm } from '../../components/otp/lazy-otp-form';
import { errorMessage, request } from '../../lib/api-client';
import { deferredResolver, usePreloadOnFirstInput } from '../../lib/deferred-resolver';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { AuthShell, CodeSentNotice } from './auth-shell';

const detailsValidation = deferredResolver<RegisterBody>(() =>
  import('./auth-validation').then((m) => m.registerResolver),
);

const post = (path: string, body: unknown) => request(path, { method: 'POST', body, anonymous: true });

function DetailsStep({ initial, onRegistered }: { initial: RegisterBody; onRegistered: (v: RegisterBody) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  usePreloadOnFirstInput(detailsValidation.preload);
  usePreloadOtpForm();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<RegisterBody>({ resolver: detailsValidation.resolver, defaultValues: initial });
  const password = useWatch({ control, name: 'password' }) ?? '';

  const onValid = async (body: RegisterBody) => {
    setServerError(null);
    try {
      await post('/api/auth/register', body);
      onRegistered(body);
    } catch (err) {
      setServerError(errorMessage(err, AUTH_MESSAGES.registrationFailed));
    }
  };

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-5">
      {serverError ? <ErrorMessage>{serverError}</ErrorMessage> : null}
      <Field label="Full name" required error={errors.name?.message}>
        <input type="text" autoComplete="name" className={inputClass} {...register('name')} />
      </Field>
      <Field label="Email" required error={errors.email?.message}>
        <input type="email" autoComplete="email" inputMode="email" className={inputClass} {...register('email')} />
      </Field>
      <div>
        <Field label="Password" required error={errors.password?.message}>
          <input type="password" autoComplete="new-password" className={inputClass} {...register('password')} />
        </Field>
        <PasswordChecklist password={password} />
      </div>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating account…' : 'Register'}
      </Button>
    </form>
  );
}

/**
 * The code that finishes a sign-up; the same step finishes an unverified login (login-page.tsx). The sign-up's
 * password goes with the code: a code finishes only the sign-up it was mailed for (D3).
 */
function OtpStep({ email, password, onChangeEmail }: { email: string; password: string; onChangeEmail: () => void }) {
  const [, navigate] = useLocation();
  return (
    <OtpForm
      intro={
        <CodeSentNotice email={email}>
          Check your inbox at <strong className="break-all">{email}</strong>: we sent a {OTP_LENGTH}-digit code, valid
          for {OTP_TTL_MINUTES} minutes. {AUTH_MESSAGES.signupMailHasAccount}
        </CodeSentNotice>
      }
      codeJustSent
      fallbackError={AUTH_MESSAGES.otpVerificationFailed}
      onVerify={async (otp) => {
        await post('/api/auth/verify-otp', { email, otp, password });
        notify.success(AUTH_MESSAGES.registrationSuccess, { autoClose: 3000 });
        navigate(paths.home);
      }}
      onResend={async () => {
        await post('/api/auth/resend-otp', { email });
      }}
      actions={
        <button
          type="button"
          onClick={onChangeEmail}
          className="text-stone-600 underline-offset-2 hover:text-stone-900 hover:underline"
        >
          Change details
        </button>
      }
    />
  );
}

export default function RegisterPage() {
  useDocumentTitle('Register');
  const [details, setDetails] = useState<RegisterBody>({ name: '', email: '', password: '' });
  // Held for the code step only; going back to the details asks for it again.
  const [password, setPassword] = useState('');
  const [step, setStep] = useState<'details' | 'otp'>('details');
  return (
    <AuthShell
      title={step === 'details' ? 'Create your account' : 'Verify your email'}
      intro={
        step === 'details' ? (
          <>
            Step 1 of 2 — your details. Already registered?{' '}
            <Link to={paths.login} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              Login
            </Link>
          </>
        ) : (
          'Step 2 of 2 — enter the code from your inbox.'
        )
      }
    >
      {step === 'details' ? (
        <DetailsStep
          initial={details}
          onRegistered={(v) => {
            setDetails({ ...v, password: '' });
            setPassword(v.password);
            setStep('otp');
          }}
        />
      ) : (
        <OtpStep
          email={details.email.trim().toLowerCase()}
          password={password}
          onChangeEmail={() => {
            setPassword('');
            setStep('details');
          }}
        />
      )}
    </AuthShell>
  );
}
