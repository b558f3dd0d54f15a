// The agency's settings (D13) from GET /api/site: phone, e-mail, WhatsApp, social links.
import type { SiteSettings } from '@safarnama/contract/site';
import { api } from './api-client';
import { prefetchResource, useResource } from './use-resource';

/** Shown until /api/site answers (and if it cannot), so the footer never renders empty. */
const FALLBACK_SITE: SiteSettings = {
  name: 'Safarnama',
  phone: '',
  email: '',
  whatsapp: '',
  social: {},
};

const SITE_KEY = 'site';
const fetchSite = () => api.get<SiteSettings>('/api/site');

/** Every page's frame shows these; app/router.tsx fetches them before the first render. */
export const prefetchSite = () => prefetchResource(SITE_KEY, fetchSite);

export function useSite(): SiteSettings {
  return useResource(SITE_KEY, fetchSite, Infinity).data ?? FALLBACK_SITE;
}
