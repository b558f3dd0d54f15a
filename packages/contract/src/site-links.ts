// The WhatsApp chat link of the floating button (zod-free; on every page, so keep it small).

const WHATSAPP_GREETING = 'Hello! I would like to know more about your tour packages.';

/** The wa.me link of the floating chat button. */
export const whatsappLink = (digits: string, text = WHATSAPP_GREETING) =>
  `https://wa.me/${digits.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
