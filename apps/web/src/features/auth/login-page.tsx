// /login (spec §2): e-mail and password; on success the role decides where the user lands, or the user
// returns to the guarded page that sent them here when their role may open it. An unverified account moves on to
// the sign-up's code step, and an account past its failed-login budget to a code mailed to it (D19); both then
// log in. "Forgot password?" leads to /forgot-password (D22).
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Link } from '../../components/ui/link';
import { useHistory } from '../../lib/navigation';
import { useForm } from 'react-hook-form';
import type { LoginBody, LoginResponse } from '@safarnama/contract/auth';
import { AUTH_MESSAGES, OTP_LENGTH } from '@safarnama/contract/auth-rules';
import { Button } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/alert';
import { Field, inputClass } from '../../components/ui/field';
import { OtpForm, usePreloadOtpForm } from '../../components/otp/lazy-otp-form';
import { ApiError, errorMessage, request } from '../../lib/api-client';
import { deferredResolver, usePreloadOnFirstInput } from '../../lib/deferred-resolver';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { afterLoginPath } from './after-login-path';
import { AuthShell, CodeSentNotice } from './auth-shell';

const validation = deferredResolver<LoginBody>(() => import('./auth-validation').then((m) => m.loginResolver));

const post = <T,>(path: string, body: unknown) => request<T>(path, { method: 'POST', body, anonymous: true });

/** What the login page shows: the form, the sign-up's code step, or the code of a login past the budget. */
type Step = { kind: 'credentials' } | { kind: 'verify' | 'code'; credentials: { email: string; password: string } };

const isRefusal = (err: unknown, message: string) =>
  err instanceof ApiError && err.status === 403 && err.message === message;

export default function LoginPage() {
  useDocumentTitle('Login');
  usePreloadOnFirstInput(validation.preload);
  usePreloadOtpForm();
  const { login } = useSession();
  const [, navigate] = useLocation();
  const from = (useHistory().entry.state as { from?: unknown } | null)?.from;
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: validation.resolver, defaultValues: { email: '', password: '' } });

  /** Logs in and leaves for the role's page; throws the API's refusal. */
  const logIn = async (body: LoginBody) => {
    const { data } = await post<LoginResponse>('/api/auth/login', body);
    const claims = login(data.token);
    if (!claims) throw new Error('undecodable token');
    navigate(afterLoginPath(claims.role, from), { replace: true });
  };

  const onValid = async (body: LoginBody) => {
    setServerError(null);
    const credentials = { email: body.email.trim().toLowerCase(), password: body.password };
    try {
      await logIn(credentials);
    } catch (err) {
      if (isRefusal(err, AUTH_MESSAGES.emailNotVerified)) setStep({ kind: 'verify', credentials });
      else if (isRefusal(err, AUTH_MESSAGES.loginCodeRequired)) setStep({ kind: 'code', credentials });
      else setServerError(errorMessage(err, AUTH_MESSAGES.loginFailed));
    }
  };

  const back = (
    <button
      type="button"
      onClick={() => setStep({ kind: 'credentials' })}
      className="text-stone-600 underline-offset-2 hover:text-stone-900 hover:underline"
    >
      Back to login
    </button>
  );

  if (step.kind === 'verify') {
    const { credentials } = step;
    return (
      <AuthShell title="Verify your email" intro="Your account is not verified yet: enter the code from your inbox.">
        <OtpForm
          intro={
            <CodeSentNotice email={credentials.email}>
              Enter the {OTP_LENGTH}-digit code we sent to <strong className="break-all">{credentials.email}</strong>{' '}
              when you registered, or request a new one.
            </CodeSentNotice>
          }
          codeJustSent={false}
          fallbackError={AUTH_MESSAGES.otpVerificationFailed}
          onVerify={async (otp) => {
            await post('/api/auth/verify-otp', { ...credentials, otp });
            await logIn(credentials);
          }}
          onResend={async () => {
            await post('/api/auth/resend-otp', { email: credentials.email });
          }}
          actions={back}
        />
      </AuthShell>
    );
  }

  if (step.kind === 'code') {
    const { credentials } = step;
    return (
      <AuthShell title="Enter your login code" intro={AUTH_MESSAGES.loginCodeRequired}>
        <OtpForm
          intro={<CodeSentNotice email={credentials.email} />}
          codeJustSent
          submitLabel="Login"
          fallbackError={AUTH_MESSAGES.loginFailed}
          onVerify={(otp) => logIn({ ...credentials, otp })}
          onResend={async () => {
            try {
              // Logs in outright when the account's budget has come back meanwhile.
              await logIn(credentials);
            } catch (err) {
              // The answer that means "a code was mailed".
              if (!isRefusal(err, AUTH_MESSAGES.loginCodeRequired)) throw err;
            }
          }}
          actions={back}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Login" intro="Welcome back. Sign in to track your trips.">
      <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-5">
        {typeof from === 'string' && !serverError ? (
          <p role="status" className="rounded-2xl bg-amber-50 px-5 py-4 text-amber-900">
            {AUTH_MESSAGES.authRequired}
          </p>
        ) : null}
        {serverError ? <ErrorMessage>{serverError}</ErrorMessage> : null}
        <Field label="Email" required error={errors.email?.message}>
          <input type="email" autoComplete="email" inputMode="email" className={inputClass} {...register('email')} />
        </Field>
        <Field label="Password" required error={errors.password?.message}>
          <input type="password" autoComplete="current-password" className={inputClass} {...register('password')} />
        </Field>
        <div className="-mt-2 text-right text-sm">
          <Link to={paths.forgotPassword} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Signing in…' : 'Login'}
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-stone-600">
        New to Safarnama?{' '}
        <Link to={paths.register} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Create an account
        </Link>
      </p>
    </AuthShell>
  );
}
