// /forgot-password (D22): the e-mail, then the mailed code with a new password (D4, with the live checklist);
// the reset logs the user in and goes to their dashboard. The first answer is the same for every e-mail.
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Link } from '../../components/ui/link';
import type { LoginResponse } from '@safarnama/contract/auth';
import {
  AUTH_MESSAGES,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
  PASSWORD_REQUIREMENTS_MESSAGE,
  isStrongPassword,
} from '@safarnama/contract/auth-rules';
import { Button } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/alert';
import { Field, inputClass } from '../../components/ui/field';
import { PasswordChecklist } from '../../components/password/password-checklist';
import { OtpInput, ResendControls, otpFieldError, useResend } from '../../components/otp/otp-form';
import { ApiError, errorMessage, request } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { dashboardPathFor, paths } from '../../config/paths';
import { AuthShell, CodeSentNotice } from './auth-shell';

const post = <T,>(path: string, body: unknown) => request<T>(path, { method: 'POST', body, anonymous: true });

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim().toLowerCase();
    const invalid =
      value === '' ? AUTH_MESSAGES.emailRequired : EMAIL_PATTERN.test(value) ? null : AUTH_MESSAGES.emailInvalid;
    setFieldError(invalid);
    setServerError(null);
    if (invalid) return;
    setBusy(true);
    try {
      await post('/api/auth/forgot-password', { email: value });
      onSent(value);
    } catch (err) {
      setServerError(errorMessage(err, AUTH_MESSAGES.mailFailed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(e)} className="space-y-5">
      {serverError ? <ErrorMessage>{serverError}</ErrorMessage> : null}
      <Field label="Email" required error={fieldError ?? undefined}>
        <input
          type="email"
          autoComplete="email"
          inputMode="email"
          className={inputClass}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? 'Sending…' : 'Send code'}
      </Button>
    </form>
  );
}

function ResetStep({ email, onChangeEmail }: { email: string; onChangeEmail: () => void }) {
  const [, navigate] = useLocation();
  const { login } = useSession();
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resend = useResend(
    async () => {
      await post('/api/auth/forgot-password', { email });
    },
    true,
    setServerError,
  );

  /** A field's error goes as soon as it is edited. */
  const edit = (field: string, set: (v: string) => void) => (value: string) => {
    set(value);
    if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    const otpError = otpFieldError(otp);
    if (otpError) next.otp = otpError;
    if (!isStrongPassword(password)) next.password = PASSWORD_REQUIREMENTS_MESSAGE;
    else if (password !== confirm) next.confirm = PASSWORDS_DO_NOT_MATCH_MESSAGE;
    setErrors(next);
    setServerError(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const { data } = await post<LoginResponse>('/api/auth/reset-password', { email, otp: otp.trim(), password });
      const claims = login(data.token);
      if (!claims) throw new Error('undecodable token');
      navigate(dashboardPathFor(claims.role), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.errors) setErrors(err.errors);
      setServerError(errorMessage(err, AUTH_MESSAGES.loginFailed));
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(e)} className="space-y-5">
      <CodeSentNotice email={email}>
        If <strong className="break-all">{email}</strong> belongs to an account, we sent it a code. It is valid for 10
        minutes.
      </CodeSentNotice>
      {serverError ? <ErrorMessage>{serverError}</ErrorMessage> : null}
      <OtpInput value={otp} error={errors.otp} onChange={edit('otp', setOtp)} />
      <div>
        <Field label="New password" required error={errors.password}>
          <input
            type="password"
            autoComplete="new-password"
            className={inputClass}
            value={password}
            onChange={(e) => edit('password', setPassword)(e.target.value)}
          />
        </Field>
        <PasswordChecklist password={password} />
      </div>
      <Field label="Confirm new password" required error={errors.confirm}>
        <input
          type="password"
          autoComplete="new-password"
          className={inputClass}
          value={confirm}
          onChange={(e) => edit('confirm', setConfirm)(e.target.value)}
        />
      </Field>
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? 'Saving…' : 'Reset password'}
      </Button>
      <ResendControls
        resend={resend}
        actions={
          <button
            type="button"
            onClick={onChangeEmail}
            className="text-stone-600 underline-offset-2 hover:text-stone-900 hover:underline"
          >
            Use another email
          </button>
        }
      />
    </form>
  );
}

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthShell
      title="Forgot password"
      intro={
        email === null ? (
          <>
            We will mail you a code to set a new password.{' '}
            <Link to={paths.login} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              Back to login
            </Link>
          </>
        ) : (
          'Enter the code from your inbox and choose a new password.'
        )
      }
    >
      {email === null ? (
        <EmailStep onSent={setEmail} />
      ) : (
        <ResetStep email={email} onChangeEmail={() => setEmail(null)} />
      )}
    </AuthShell>
  );
}
