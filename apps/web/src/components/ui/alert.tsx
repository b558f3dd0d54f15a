// Inline messages: errors and empty states that stay on the page.
import type { ReactNode } from 'react';

export function ErrorMessage({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-5 py-4 text-red-800">
      <p>{children}</p>
      {action ? <div className="mt-3">{action}</div> : null}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-500">
      {children}
    </p>
  );
}
