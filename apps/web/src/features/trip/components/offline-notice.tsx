// D34: what the trip page says about the device's copy: shown from it with no network ("Offline — as of"), or kept
// and ready to open with none.
import { CheckCircle2, CloudOff } from 'lucide-react';
import { OFFLINE_TEXT } from '@safarnama/contract/offline';
import { formatDateTime } from '@safarnama/contract/common-rules';

export function OfflineNotice({ asOf }: { asOf: string }) {
  return (
    <div role="status" className="rounded-2xl bg-amber-50 p-4 text-amber-950 shadow-sm ring-1 ring-amber-300">
      <p className="flex items-center gap-2 font-semibold">
        <CloudOff className="size-5 shrink-0" aria-hidden="true" />
        {OFFLINE_TEXT.asOf(formatDateTime(asOf))}
      </p>
      <p className="mt-1 pl-7 text-sm">{OFFLINE_TEXT.asOfHelp}</p>
    </div>
  );
}

export function KeptNotice() {
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-2xl bg-white p-3 text-sm text-stone-700 shadow-sm ring-1 ring-stone-200"
    >
      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
      {OFFLINE_TEXT.savedForOffline}
    </p>
  );
}
