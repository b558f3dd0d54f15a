// An accordion where opening one item closes the other (spec §2: one open at a time).
import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import type { Term } from './terms';

export function TermsAccordion({ terms }: { terms: Term[] }) {
  const [open, setOpen] = useState<number | null>(0);
  const baseId = useId();
  return (
    <div className="divide-y divide-stone-200 overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-stone-200/70">
      {terms.map((term, i) => {
        const isOpen = open === i;
        const buttonId = `${baseId}-button-${i}`;
        const panelId = `${baseId}-panel-${i}`;
        return (
          <div key={term.title}>
            <h2 className="font-sans text-base">
              <button
                id={buttonId}
                type="button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpen(isOpen ? null : i)}
                // The list clips what overflows its rounded corners: the focus outline is drawn inside.
                className="flex w-full items-center justify-between gap-4 px-5 py-5 text-left font-semibold text-stone-900 hover:bg-sand-50 focus-visible:-outline-offset-4 sm:px-8"
              >
                <span className="flex items-baseline gap-3">
                  <span className="w-6 shrink-0 text-sm font-bold text-accent-700 tabular-nums">{i + 1}.</span>
                  <span>{term.title}</span>
                </span>
                <ChevronDown
                  className={`size-5 shrink-0 text-stone-500 transition-transform ${isOpen ? 'rotate-180' : ''}`}
                  aria-hidden="true"
                />
              </button>
            </h2>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!isOpen}
              className="px-5 pb-6 pl-14 text-stone-700 sm:px-8 sm:pl-[4.25rem]"
            >
              <div className="space-y-3 leading-relaxed">
                {term.body.map((p) => (
                  <p key={p}>{p}</p>
                ))}
              </div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
