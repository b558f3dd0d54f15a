// /profile-update: the signed-in user edits their name, e-mail and password.
import { useEffect } from 'react';
import { useNavigate } from '../../lib/router';
import type { UpdateProfileBody } from '@safarnama/contract/profile';
import { PROFILE_MESSAGES } from '@safarnama/contract/messages';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { useProfile } from '../../lib/get-profile';
import { useUpdateProfile } from './api/update-profile';
import { ProfileForm } from './components/profile-form';

export default function ProfilePage() {
  useDocumentTitle('Update Profile');
  const navigate = useNavigate();
  const { token, login } = useSession();
  const profile = useProfile();
  const update = useUpdateProfile();

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
    void navigate(paths.home, { replace: true });
  }, [token, profile.isError, profile.error, navigate]);

  const handleSave = async (body: UpdateProfileBody) => {
    try {
      const saved = await update.mutateAsync(body);
      login(saved.token);
      notify.success(PROFILE_MESSAGES.updated);
    } catch (err) {
      notify.error(errorMessage(err, PROFILE_MESSAGES.updateFailed));
      if (err instanceof ApiError && err.errors) return err.errors;
      return {};
    }
  };

  return (
    <section className="container-page max-w-2xl py-8 sm:py-10">
      <PageHeader title="Update Profile" description="Keep your name and e-mail current, or set a new password." />
      <div className="card p-5 sm:p-8">
        {profile.data ? (
          <ProfileForm profile={profile.data} onSave={handleSave} />
        ) : (
          <Spinner label="Loading your profile…" />
        )}
      </div>
    </section>
  );
}
