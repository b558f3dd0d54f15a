// A new e-mail waiting for its code (D21): where the code went, the code field with Verify and Resend (cool-down),
// and Cancel. Until verified the account keeps its e-mail for login and for the inquiries it sees.
import { OtpForm } from '../../../components/otp/otp-form';
import { PROFILE_MESSAGES } from '@safarnama/contract/staff';

interface PendingEmailProps {
  pendingEmail: string;
  /** Whether this page just sent the code (Resend then waits out the cool-down). */
  codeJustSent: boolean;
  onVerify: (otp: string) => Promise<void>;
  onResend: () => Promise<void>;
  onCancel: () => void;
}

export function PendingEmail({ pendingEmail, codeJustSent, onVerify, onResend, onCancel }: PendingEmailProps) {
  return (
    <section
      aria-labelledby="pending-email-title"
      className="mb-8 rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-5"
    >
      <h2 id="pending-email-title" className="text-lg font-semibold text-stone-900">
        Confirm your new email
      </h2>
      <OtpForm
        key={pendingEmail}
        intro={
          <p className="mt-1 text-stone-700">
            We sent a code to <strong className="break-all">{pendingEmail}</strong>. Until you enter it, you keep
            logging in with your current email.
          </p>
        }
        codeJustSent={codeJustSent}
        fallbackError={PROFILE_MESSAGES.updateFailed}
        onVerify={onVerify}
        onResend={onResend}
        actions={
          <button
            type="button"
            onClick={onCancel}
            className="text-stone-600 underline-offset-2 hover:text-stone-900 hover:underline"
          >
            Cancel email change
          </button>
        }
      />
    </section>
  );
}
