// A customer's WhatsApp number as a chat link with a greeting about their inquiry (plain text when the number
// does not say its country), so staff on a phone reach them in one tap.
import { customerGreeting, customerWhatsappLink } from '@safarnama/contract/customer-links';
import { useSite } from '../../lib/site';

export function CustomerWhatsapp({ name, number, destination }: { name: string; number: string; destination: string }) {
  const site = useSite();
  const href = customerWhatsappLink(number, customerGreeting(name, site.name, destination));
  if (!href) return <>{number}</>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-brand-800 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-800"
      aria-label={`Chat with ${name} on WhatsApp at ${number}`}
    >
      {number}
    </a>
  );
}
