// D13: the agency's public settings (name, phone, e-mail, WhatsApp, social links).
import { z } from 'zod';

export const siteSettingsSchema = z.object({
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  whatsapp: z.string(),
  social: z.object({
    facebook: z.string().optional(),
    instagram: z.string().optional(),
    twitter: z.string().optional(),
    youtube: z.string().optional(),
  }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
