// /profile-update: the signed-in user edits their name, e-mail (verified by a code, D21) and password.
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { PROFILE_MESSAGES, type UpdateProfileBody } from '@safarnama/contract/staff';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { useProfile } from '../../lib/get-profile';
import { useUpdateProfile } from './api/update-profile';
import { useVerifyEmail } from './api/verify-email';
import { resendEmailCode } from './api/resend-email-code';
import { useCancelEmailChange } from './api/cancel-email-change';
import { ProfileForm } from './components/profile-form';
import { NotificationPreferences } from './components/notification-preferences';
import { PendingEmail } from './components/pending-email';

export default function ProfilePage() {
  useDocumentTitle('Update Profile');
  const [, navigate] = useLocation();
  const { token, login } = useSession();
  const profile = useProfile();
  const update = useUpdateProfile();
  const verify = useVerifyEmail();
  const cancel = useCancelEmailChange();
  // The pending address this page mailed a code to just now, so its Resend waits out the cool-down.
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);

  useEffect(() => {
    if (!token) {
      notify.error(PROFILE_MESSAGES.authRequired, { toastId: 'profile-auth' });
      return;
    }
    if (!profile.isError) return;
    const err = profile.error;
    // An answer that is not the profile vs. no answer at all (spec §8's two texts); both leave for home.
    const message =
      err instanceof ApiError && err.status > 0 ? PROFILE_MESSAGES.loadFailed : PROFILE_MESSAGES.fetchFailed;
    notify.error(message, { toastId: 'profile-load' });
    navigate(paths.home, { replace: true });
  }, [token, profile.isError, profile.error, navigate]);

  const handleSave = async (body: UpdateProfileBody) => {
    try {
      const saved = await update.mutateAsync(body);
      login(saved.token);
      if (saved.pendingEmail && body.email === saved.pendingEmail) setCodeSentTo(saved.pendingEmail);
      notify.success(saved.message);
    } catch (err) {
      notify.error(errorMessage(err, PROFILE_MESSAGES.updateFailed));
      if (err instanceof ApiError && err.errors) return err.errors;
      return {};
    }
  };

  const handleVerify = async (otp: string) => {
    const saved = await verify.mutateAsync({ otp });
    login(saved.token);
    setCodeSentTo(null);
    notify.success(saved.message);
  };

  const handleCancel = async () => {
    try {
      const done = await cancel.mutateAsync();
      setCodeSentTo(null);
      notify.success(done.message);
    } catch (err) {
      notify.error(errorMessage(err, PROFILE_MESSAGES.updateFailed));
    }
  };

  const pendingEmail = profile.data?.pendingEmail;

  return (
    <section className="container-page max-w-2xl py-8 sm:py-10">
      <PageHeader title="Update Profile" description="Keep your name and e-mail current, or set a new password." />
      <div className="card p-5 sm:p-8">
        {pendingEmail ? (
          <PendingEmail
            pendingEmail={pendingEmail}
            codeJustSent={codeSentTo === pendingEmail}
            onVerify={handleVerify}
            onResend={async () => {
              await resendEmailCode();
            }}
            onCancel={() => void handleCancel()}
          />
        ) : null}
        {profile.data ? (
          <>
            <ProfileForm key={profile.data.email} profile={profile.data} onSave={handleSave} />
            {profile.data.notifyNewInquiry !== undefined ? (
              <div className="mt-8">
                <NotificationPreferences profile={profile.data} onSave={handleSave} />
              </div>
            ) : null}
          </>
        ) : (
          <Spinner label="Loading your profile…" />
        )}
      </div>
    </section>
  );
}
