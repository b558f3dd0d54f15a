// The floating WhatsApp chat button with a prefilled greeting (spec §2).
import { whatsappLink } from '@safarnama/contract/site-rules';
import { useSite } from '../../lib/site';

// Below the md breakpoint it steps aside while a form field has focus, so it never covers what is being typed.
const HIDDEN_WHILE_TYPING = 'max-md:[body:has(:is(input,textarea,select):focus)_&]:hidden';

export function WhatsAppButton() {
  const { whatsapp } = useSite();
  if (!whatsapp) return null;
  return (
    <a
      href={whatsappLink(whatsapp)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat with us on WhatsApp"
      className={`fixed right-4 bottom-4 z-50 inline-flex size-14 items-center justify-center rounded-full bg-[#1f9d55] text-white shadow-lg transition-transform hover:scale-105 sm:right-6 sm:bottom-6 ${HIDDEN_WHILE_TYPING}`}
    >
      <svg viewBox="0 0 32 32" className="size-7" fill="currentColor" aria-hidden="true">
        <path d="M16 3C8.8 3 3 8.7 3 15.8c0 2.5.7 4.9 2 7L3 29l6.4-2c2 1.1 4.3 1.7 6.6 1.7 7.2 0 13-5.7 13-12.8S23.2 3 16 3zm0 23.4c-2.1 0-4.1-.6-5.9-1.7l-.4-.3-3.8 1.2 1.2-3.7-.3-.4a10.4 10.4 0 0 1-1.7-5.7C5.1 10 10 5.3 16 5.3S26.9 10 26.9 15.8 22 26.4 16 26.4zm6-7.8c-.3-.2-1.9-1-2.2-1-.3-.1-.5-.2-.7.2l-1 1.2c-.2.2-.4.2-.7.1-.3-.2-1.4-.5-2.6-1.6-1-.9-1.6-1.9-1.8-2.2-.2-.3 0-.5.1-.7l.5-.6.3-.5c.1-.2 0-.4 0-.6l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6c-.2 0-.6.1-.9.4-.3.3-1.1 1.1-1.1 2.7s1.2 3.2 1.3 3.4c.2.2 2.3 3.5 5.6 4.9 2.8 1.1 3.3.9 3.9.8.6-.1 1.9-.8 2.2-1.5.3-.7.3-1.4.2-1.5-.1-.2-.3-.3-.6-.4z" />
      </svg>
    </a>
  );
}
