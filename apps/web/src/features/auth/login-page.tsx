// /login (spec §2): e-mail and password; on success the role decides where the user lands, or the user
// returns to the guarded page that sent them here when their role may open it.
import { useState } from 'react';
import { Link, useLocation, useNavigate } from '../../lib/router';
import { useForm } from 'react-hook-form';
import type { LoginBody, LoginResponse } from '@safarnama/contract/auth';
import { AUTH_MESSAGES } from '@safarnama/contract/messages';
import { Button } from '../../components/ui/button';
import { ErrorMessage } from '../../components/ui/alert';
import { Field, inputClass } from '../../components/ui/field';
import { errorMessage, request } from '../../lib/api-client';
import { deferredResolver, usePreloadAfterLoad } from '../../lib/deferred-resolver';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../../config/paths';
import { afterLoginPath } from './after-login-path';
import { AuthShell } from './auth-shell';

const validation = deferredResolver<LoginBody>(() => import('./auth-validation').then((m) => m.loginResolver));

export default function LoginPage() {
  useDocumentTitle('Login');
  usePreloadAfterLoad(validation.preload);
  const { login } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver: validation.resolver, defaultValues: { email: '', password: '' } });

  const onValid = async (body: LoginBody) => {
    setServerError(null);
    try {
      const { data } = await request<LoginResponse>('/api/auth/login', { method: 'POST', body, anonymous: true });
      const claims = login(data.token);
      if (!claims) throw new Error('undecodable token');
      const from = (location.state as { from?: unknown } | null)?.from;
      void navigate(afterLoginPath(claims.role, from), { replace: true });
    } catch (err) {
      setServerError(errorMessage(err, AUTH_MESSAGES.loginFailed));
    }
  };

  return (
    <AuthShell title="Login" intro="Welcome back. Sign in to track your trips.">
      <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-5">
        {serverError ? <ErrorMessage>{serverError}</ErrorMessage> : null}
        <Field label="Email" required error={errors.email?.message}>
          <input type="email" autoComplete="email" inputMode="email" className={inputClass} {...register('email')} />
        </Field>
        <Field label="Password" required error={errors.password?.message}>
          <input type="password" autoComplete="current-password" className={inputClass} {...register('password')} />
        </Field>
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
