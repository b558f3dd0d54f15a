// A tel: link that calls a customer from a phone, beside the WhatsApp chat: "Log a call" notes a call, and this
// places it. Nothing while the number does not say its country (a wrong country would ring a stranger).
import { Phone } from 'lucide-react';
import { customerCallLink } from '@safarnama/contract/inquiries';
import { customerLinkClass } from './customer-link';

export function CustomerCall({ name, number, className = '' }: { name: string; number: string; className?: string }) {
  const href = customerCallLink(number);
  if (!href) return null;
  return (
    <a href={href} className={`${customerLinkClass} ${className}`}>
      <Phone className="size-4 shrink-0" aria-hidden="true" />
      Call {name.trim() || 'the customer'}
    </a>
  );
}
