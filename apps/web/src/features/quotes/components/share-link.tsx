// What a send or a new trip link answered: the server's message and, when it made a link, the link to copy or send
// on WhatsApp (the token is never stored, so this is the one time it can be shown).
import { useEffect, useRef } from 'react';
import { Copy, MessageCircle, X } from 'lucide-react';
import type { TripUrl } from '@safarnama/contract/quotes';
import { QUOTE_BUILDER_MESSAGES, tripWhatsAppText } from '@safarnama/contract/quotes-rules';
import { customerWhatsappLink } from '@safarnama/contract/inquiries';
import { Button, buttonClass } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { notify } from '../../../lib/notify';
import { useSite } from '../../../lib/site';

interface ShareLinkProps {
  result: TripUrl;
  customer: { name: string; whatsappNumber: string };
  onClose: () => void;
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(QUOTE_BUILDER_MESSAGES.copied);
  } catch {
    notify.error(QUOTE_BUILDER_MESSAGES.copyFailed);
  }
}

export function ShareLink({ result, customer, onClose }: ShareLinkProps) {
  const site = useSite();
  const box = useRef<HTMLDivElement>(null);
  const { url } = result;
  // The answer shows at the top of the quotation, away from the button pressed: it takes the focus, in view.
  useEffect(() => box.current?.focus(), [result]);
  const whatsapp = url
    ? customerWhatsappLink(customer.whatsappNumber, tripWhatsAppText(customer.name, site.name, url))
    : undefined;
  return (
    <div
      ref={box}
      tabIndex={-1}
      className="relative scroll-mt-24 rounded-xl border border-brand-200 bg-brand-50 p-4 pr-12 focus:outline-none"
      data-testid="trip-link-share"
    >
      <p role="status" className="font-medium text-stone-900">
        {result.message}
      </p>
      <button
        type="button"
        className="absolute top-2 right-2 inline-flex size-9 items-center justify-center rounded-full text-stone-600 hover:bg-white"
        aria-label="Close"
        onClick={onClose}
      >
        <X className="size-4" aria-hidden="true" />
      </button>
      {url ? (
        <div className="mt-3 space-y-3">
          <input
            className={`${inputClass} font-mono text-sm`}
            readOnly
            value={url}
            aria-label="Trip link"
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" className="bg-white" onClick={() => void copy(url)}>
              <Copy className="size-4" aria-hidden="true" /> {QUOTE_BUILDER_MESSAGES.copy}
            </Button>
            {whatsapp ? (
              <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass('accent', 'sm')}>
                <MessageCircle className="size-4" aria-hidden="true" /> {QUOTE_BUILDER_MESSAGES.sendOnWhatsApp}
              </a>
            ) : (
              <p className="text-sm text-stone-600">{QUOTE_BUILDER_MESSAGES.noWhatsApp}</p>
            )}
          </div>
          <p className="text-xs text-stone-600">{QUOTE_BUILDER_MESSAGES.linkOnce}</p>
        </div>
      ) : null}
    </div>
  );
}
