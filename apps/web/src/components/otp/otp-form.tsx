// The 6-digit code step shared by sign-up, unverified login, a login after many failed attempts, and an e-mail
// change: the code field, Verify, and Resend code with its cool-down. Zod-free, so public pages stay light.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { AUTH_MESSAGES, OTP_LENGTH, OTP_RESEND_COOLDOWN_SECONDS } from '@safarnama/contract/auth-rules';
import { Button } from '../ui/button';
import { ErrorMessage } from '../ui/alert';
import { Field, inputClass } from '../ui/field';
import { ApiError, errorMessage } from '../../lib/api-client';

/** The resend cool-down: `initialSeconds` left at first, the full cool-down after each restart; ticks each second. */
function useCountdown(initialSeconds: number) {
  const [until, setUntil] = useState(() => Date.now() + initialSeconds * 1000);
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
    setUntil(t + OTP_RESEND_COOLDOWN_SECONDS * 1000);
  };
  return { left, restart };
}

/** The contract's code rule, checked before a request is made. */
export function otpFieldError(code: string): string | null {
  if (code.trim() === '') return AUTH_MESSAGES.otpRequired;
  return new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code.trim()) ? null : AUTH_MESSAGES.otpFormat;
}

/** The code input, the same everywhere a code is typed. */
export function OtpInput(props: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
}) {
  return (
    <Field label={props.label ?? 'Verification code (OTP)'} required error={props.error}>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        pattern="[0-9]*"
        placeholder="••••••"
        className={`${inputClass} text-center font-mono text-2xl! tracking-[0.5em]`}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field>
  );
}

/**
 * Resend code: the cool-down (running from the start when a code was just sent), the "sent" status line and the
 * sending; a failure's message goes to `onError` (null clears it).
 */
export function useResend(send: () => Promise<void>, codeJustSent: boolean, onError: (message: string | null) => void) {
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cooldown = useCountdown(codeJustSent ? OTP_RESEND_COOLDOWN_SECONDS : 0);
  const resend = async () => {
    setBusy(true);
    setStatus(null);
    onError(null);
    try {
      await send();
      setStatus(AUTH_MESSAGES.otpSent);
      cooldown.restart();
    } catch (err) {
      onError(errorMessage(err, AUTH_MESSAGES.mailFailed));
    } finally {
      setBusy(false);
    }
  };
  return { cooldown: cooldown.left, status, busy, resend };
}

/** Resend code (disabled while the cool-down runs, its seconds shown), other actions beside it, the status line. */
export function ResendControls({ resend, actions }: { resend: ReturnType<typeof useResend>; actions?: ReactNode }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <button
          type="button"
          onClick={() => void resend.resend()}
          disabled={resend.cooldown > 0 || resend.busy}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline disabled:cursor-not-allowed disabled:text-stone-500 disabled:no-underline"
        >
          {resend.cooldown > 0 ? `Resend code in ${resend.cooldown} s` : 'Resend code'}
        </button>
        {actions}
      </div>
      <p role="status" className="text-sm text-emerald-700">
        {resend.status}
      </p>
    </>
  );
}

interface OtpFormProps {
  /** What was sent where, above the field. */
  intro: ReactNode;
  /** Checks the code; a thrown error's message is shown (a field error when it names `otp`). */
  onVerify: (otp: string) => Promise<void>;
  /** Sends a new code; a thrown error's message is shown. */
  onResend: () => Promise<void>;
  /** Whether a code was sent just now, so Resend waits out the cool-down first. */
  codeJustSent: boolean;
  /** The message when the server gives none. */
  fallbackError: string;
  /** Links or buttons beside Resend (Change details, Cancel). */
  actions?: ReactNode;
  submitLabel?: string;
}

export function OtpForm({
  intro,
  onVerify,
  onResend,
  codeJustSent,
  fallbackError,
  actions,
  submitLabel = 'Verify',
}: OtpFormProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const resend = useResend(onResend, codeJustSent, setServerError);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = otpFieldError(code);
    setFieldError(invalid);
    setServerError(null);
    if (invalid) return;
    setBusy(true);
    try {
      await onVerify(code.trim());
    } catch (err) {
      const message = errorMessage(err, fallbackError);
      if (err instanceof ApiError && err.errors?.otp) setFieldError(err.errors.otp);
      else setServerError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(e)} className="space-y-5">
      {intro}
      {serverError ? <ErrorMessage>{serverError}</ErrorMessage> : null}
      <OtpInput
        value={code}
        error={fieldError ?? undefined}
        onChange={(v) => {
          setCode(v);
          if (fieldError) setFieldError(null);
        }}
      />
      <Button type="submit" size="lg" disabled={busy} className="w-full">
        {busy ? 'Verifying…' : submitLabel}
      </Button>
      <ResendControls resend={resend} actions={actions} />
    </form>
  );
}
