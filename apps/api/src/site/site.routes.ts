// GET /api/site: the agency's public settings (D13), from SITE_* variables.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingsSchema, type SiteSettings } from '@safarnama/contract';
import type { Config } from '../config';

export function siteSettings(config: Config): SiteSettings {
  return {
    name: config.SITE_NAME,
    phone: config.SITE_PHONE,
    email: config.SITE_EMAIL,
    whatsapp: config.SITE_WHATSAPP.replace(/\D/g, ''),
    // Only the links the agency set: a placeholder would send visitors to a social network's front page.
    social: {
      facebook: config.SITE_SOCIAL_FACEBOOK,
      instagram: config.SITE_SOCIAL_INSTAGRAM,
      twitter: config.SITE_SOCIAL_TWITTER,
      youtube: config.SITE_SOCIAL_YOUTUBE,
    },
  };
}

/** The number a traveller calls at any hour during a trip (vouchers, the trip page): SITE_EMERGENCY_PHONE or SITE_PHONE. */
export const emergencyPhoneOf = (config: Pick<Config, 'SITE_EMERGENCY_PHONE' | 'SITE_PHONE'>) =>
  config.SITE_EMERGENCY_PHONE ?? config.SITE_PHONE;

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = siteSettings(app.config);
  app.get(
    '/api/site',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getSite',
        summary: "The agency's public settings: name, phone, e-mail, WhatsApp and social links",
        tags: ['site'],
        response: { 200: siteSettingsSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return settings;
    },
  );
};
