// /register (spec §2): details, then the 6-digit code sent by e-mail; success toasts and goes home.
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '../../lib/router';
import { useForm, useWatch } from 'react-hook-form';
import { MailCheck } from 'lucide-react';
import type { RegisterBody, VerifyOtpBody } from '@safarnama/contract/auth';
import { OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from '@safarnama/contract/auth-rules';
import { AUTH_MESSAGES } from '@safarnama/contract/messages';
import { Button } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/alert';
import { Field, inputClass } from '../../components/ui/field';
import { PasswordChecklist } from '../../components/password/password-checklist';
import { errorMessage, request } from '../../lib/api-client';
import { deferredResolver, usePreloadAfterLoad } from '../../lib/deferred-resolver';
import { notify } from '../../lib/notify';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { AuthShell } from './auth-shell';

const detailsValidation = deferredResolver<RegisterBody>(() =>
  import('./auth-validation').then((m) => m.registerResolver),
);
const otpValidation = deferredResolver<VerifyOtpBody>(() =>
  import('./auth-validation').then((m) => m.verifyOtpResolver),
);

const post = (path: string, body: unknown) => request(path, { method: 'POST', body, anonymous: true });

function DetailsStep({ initial, onRegistered }: { initial: RegisterBody; onRegistered: (v: RegisterBody) => void }) {
  const [serverError, setServerError] = useState<string | null>(null);
  usePreloadAfterLoad(detailsValidation.preload);
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

function useCountdown(seconds: number) {
  const [until, setUntil] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), 1000);
    return () => window.clearTimeout(timer);
  }, [left, now]);
  const restart = () => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  };
  return { left, restart };
}

function OtpStep({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const [resendStatus, setResendStatus] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const cooldown = useCountdown(OTP_RESEND_COOLDOWN_SECONDS);
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<VerifyOtpBody>({
    resolver: otpValidation.resolver,
    defaultValues: { email, otp: '' },
    reValidateMode: 'onSubmit',
  });

  const onValid = async (body: VerifyOtpBody) => {
    setServerError(null);
    try {
      await post('/api/auth/verify-otp', body);
      notify.success(AUTH_MESSAGES.registrationSuccess, { autoClose: 3000 });
      void navigate(paths.home);
    } catch (err) {
      setServerError(errorMessage(err, AUTH_MESSAGES.otpVerificationFailed));
    }
  };

  const handleResend = async () => {
    setResending(true);
    setResendStatus(null);
    setServerError(null);
    try {
      await post('/api/auth/resend-otp', { email });
      setResendStatus(AUTH_MESSAGES.otpSent);
      cooldown.restart();
    } catch (err) {
      setServerError(errorMessage(err, AUTH_MESSAGES.mailFailed));
    } finally {
      setResending(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-5">
      <div className="flex gap-3 rounded-2xl bg-brand-50 p-4 text-brand-900">
        <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>
          We sent a {OTP_LENGTH}-digit code to <strong className="break-all">{email}</strong>. It is valid for 10
          minutes.
        </p>
      </div>
      {serverError ? <ErrorMessage>{serverError}</ErrorMessage> : null}
      <Field label="Verification code (OTP)" required error={errors.otp?.message}>
        <input
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          pattern="[0-9]*"
          placeholder="••••••"
          className={`${inputClass} text-center font-mono text-2xl! tracking-[0.5em]`}
          {...register('otp', { onChange: () => errors.otp && clearErrors('otp') })}
        />
      </Field>
      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Verifying…' : 'Verify'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <button
          type="button"
          onClick={() => void handleResend()}
          disabled={cooldown.left > 0 || resending}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline disabled:cursor-not-allowed disabled:text-stone-500 disabled:no-underline"
        >
          {cooldown.left > 0 ? `Resend code in ${cooldown.left} s` : 'Resend code'}
        </button>
        <button
          type="button"
          onClick={onChangeEmail}
          className="text-stone-600 underline-offset-2 hover:text-stone-900 hover:underline"
        >
          Change details
        </button>
      </div>
      <p role="status" className="text-sm text-emerald-700">
        {resendStatus}
      </p>
    </form>
  );
}

export default function RegisterPage() {
  useDocumentTitle('Register');
  const [details, setDetails] = useState<RegisterBody>({ name: '', email: '', password: '' });
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
            setStep('otp');
          }}
        />
      ) : (
        <OtpStep email={details.email.trim().toLowerCase()} onChangeEmail={() => setStep('details')} />
      )}
    </AuthShell>
  );
}
