// A chat link to a customer's WhatsApp number with a greeting about their inquiry, so staff on a phone reach them
// in one tap. Without `children` it shows the number (as text when the number does not say its country); with
// them, it shows them, or nothing when there is no link to make.
import type { ReactNode } from 'react';
import { customerGreeting, customerWhatsappLink } from '@safarnama/contract/inquiries';
import { useSite } from '../../lib/site';
import { customerLinkClass } from './customer-link';

interface CustomerWhatsappProps {
  name: string;
  number: string;
  destination: string;
  children?: ReactNode;
  className?: string;
}

export function CustomerWhatsapp({ name, number, destination, children, className = '' }: CustomerWhatsappProps) {
  const site = useSite();
  const href = customerWhatsappLink(number, customerGreeting(name, site.name, destination));
  if (!href) return children ? null : <>{number}</>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`${customerLinkClass} ${className}`}
      aria-label={children ? undefined : `Chat with ${name} on WhatsApp at ${number}`}
    >
      {children ?? number}
    </a>
  );
}
