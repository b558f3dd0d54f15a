// Form fields grouped under a legend (a fieldset), two columns from the small breakpoint. Apart from Section
// (a titled part of a page), so the public inquiry form's first load carries only its own classes.
import type { ReactNode } from 'react';

export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-5 sm:grid-cols-2">
      <legend className="mb-4 font-display text-lg font-bold text-stone-900">{legend}</legend>
      {children}
    </fieldset>
  );
}
