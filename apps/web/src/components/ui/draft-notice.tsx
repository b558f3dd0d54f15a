// Says a form opened with input kept from before (lib/form-draft.ts), with the way to drop it.
import type { ReactNode } from 'react';
import { DRAFT_MESSAGES } from '@safarnama/contract/inquiries-rules';
import type { FormDraft } from '../../lib/form-draft';
import { Button } from './button';

export function DraftNotice({ draft, children }: { draft: FormDraft; children?: ReactNode }) {
  if (!draft.notice) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-2xl border border-accent-200 bg-accent-50 px-4 py-3 text-stone-800 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm">
        {draft.notice === 'changed' ? DRAFT_MESSAGES.restoredChanged : DRAFT_MESSAGES.restored}
        {children ? <> {children}</> : null}
      </p>
      <Button variant="outline" size="sm" className="self-start bg-white sm:self-auto" onClick={draft.discard}>
        {DRAFT_MESSAGES.discard}
      </Button>
    </div>
  );
}
