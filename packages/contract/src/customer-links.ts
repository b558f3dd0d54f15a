// The back office's WhatsApp link to a customer about their inquiry (zod-free; kept apart from site-links.ts,
// which every page loads).
import { whatsappLink } from './site-rules';

/** Ten digits starting 6-9: an Indian mobile number written without its country code. */
const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/** What the agency's first WhatsApp message to a customer about their inquiry says. */
export const customerGreeting = (customer: string, agency: string, destination: string) =>
  `Hello ${customer}, this is ${agency} about your trip inquiry for ${destination}.`;

/**
 * A customer's number as they typed it, in international digits (no +), or undefined when it does not say its
 * country: with + or 00 the digits say it; an Indian mobile's ten digits (6-9 first), alone or after the trunk 0,
 * are +91.
 */
function internationalDigits(number: string): string | undefined {
  const typed = number.trim();
  const digits = typed.replace(/\D/g, '');
  const international = typed.startsWith('+')
    ? digits
    : digits.startsWith('00')
      ? digits.slice(2)
      : INDIAN_MOBILE.test(digits)
        ? `91${digits}`
        : digits.startsWith('0') && INDIAN_MOBILE.test(digits.slice(1))
          ? `91${digits.slice(1)}`
          : digits.length === 12 && digits.startsWith('91')
            ? digits
            : undefined;
  // E.164 numbers have at most 15 digits; fewer than 8 is no one's mobile.
  if (!international || international.length < 8 || international.length > 15) return undefined;
  return international;
}

/** The wa.me link to a customer's number with a first message, or undefined when the number says no country. */
export function customerWhatsappLink(number: string, text: string): string | undefined {
  const digits = internationalDigits(number);
  return digits ? whatsappLink(digits, text) : undefined;
}

/** A tel: link that calls a customer's number from a phone, or undefined when the number says no country. */
export function customerCallLink(number: string): string | undefined {
  const digits = internationalDigits(number);
  return digits ? `tel:+${digits}` : undefined;
}
