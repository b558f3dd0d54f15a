// The frame of the login, register and forgot-password screens: a picture panel beside the form on wide screens.
import type { ReactNode } from 'react';
import { MailCheck } from 'lucide-react';
import { OTP_LENGTH, OTP_TTL_MINUTES } from '@safarnama/contract/auth-rules';
import type { BackgroundImage } from '@safarnama/contract/uploads';
import { imageAtWidth } from '@safarnama/contract/uploads-rules';
import { api, assetUrl } from '../../lib/api-client';
import { useResource } from '../../lib/use-resource';

export function AuthShell({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  const { data } = useResource('backgrounds', () => api.get<BackgroundImage[]>('/api/backgrounds'));
  const image = data?.[2] ?? data?.[0];
  return (
    <div className="container-page py-10 sm:py-16">
      <div className="mx-auto grid max-w-5xl overflow-hidden rounded-3xl bg-white shadow-xl ring-1 ring-stone-200/70 lg:grid-cols-2">
        <div className="relative isolate hidden min-h-[560px] bg-brand-900 lg:block">
          {image ? (
            <img
              src={assetUrl(imageAtWidth(image.imageUrl, 960))}
              alt=""
              width={960}
              height={1200}
              className="absolute inset-0 -z-10 size-full object-cover"
            />
          ) : null}
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-gradient-to-t from-stone-950/90 to-stone-950/20"
          />
          <div className="flex h-full flex-col justify-end p-10">
            <p className="font-display text-3xl leading-snug font-bold text-white">
              Every journey begins with a single step.
            </p>
            <p className="mt-3 text-stone-200">Track your inquiries and plan your next trip with Safarnama.</p>
          </div>
        </div>
        <div className="p-6 sm:p-10 lg:p-12">
          <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
          <div className="mt-2 text-stone-600">{intro}</div>
          <div className="mt-8">{children}</div>
        </div>
      </div>
    </div>
  );
}

/** "We sent a code to …" above a code field. */
export function CodeSentNotice({ email, children }: { email: string; children?: ReactNode }) {
  return (
    <div className="flex gap-3 rounded-2xl bg-brand-50 p-4 text-brand-900">
      <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p>
        {children ?? (
          <>
            We sent a {OTP_LENGTH}-digit code to <strong className="break-all">{email}</strong>. It is valid for{' '}
            {OTP_TTL_MINUTES} minutes.
          </>
        )}
      </p>
    </div>
  );
}
