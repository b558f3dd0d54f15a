// The draft version's builder: days, priced lines, validity, notes and lists, with live totals, a visible save
// state (autosave after a pause, or Save draft) and Send to customer, which saves first.
import { useMemo, type ReactNode } from 'react';
import { Check, Send } from 'lucide-react';
import type { Quote, QuoteVersion, TripUrl } from '@safarnama/contract/quotes';
import { QUOTE_BUILDER_MESSAGES, QUOTE_LIMITS } from '@safarnama/contract/quotes-rules';
import { formatRupees } from '@safarnama/contract/common-rules';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { useSendQuote } from '../api/send-quote';
import { liveTotals, shownTotals, type QuoteForm } from '../quote-form';
import { useQuoteDraft, type SaveState } from '../use-quote-draft';
import { DayEditor } from './day-editor';
import { LineEditor } from './line-editor';
import { QuoteTotals } from './quote-totals';

function SaveStatus({ state }: { state: SaveState }) {
  const text: Record<SaveState['kind'], string> = {
    saved: QUOTE_BUILDER_MESSAGES.saved,
    saving: QUOTE_BUILDER_MESSAGES.saving,
    unsaved: QUOTE_BUILDER_MESSAGES.unsaved,
    invalid: QUOTE_BUILDER_MESSAGES.fixFields,
    failed: state.kind === 'failed' ? state.message : '',
  };
  const bad = state.kind === 'invalid' || state.kind === 'failed';
  return (
    <p
      role="status"
      data-save-state={state.kind}
      className={`flex items-center gap-1.5 text-sm ${bad ? 'font-medium text-red-700' : 'text-stone-600'}`}
    >
      {state.kind === 'saved' ? <Check className="size-4 text-emerald-700" aria-hidden="true" /> : null}
      {text[state.kind]}
    </p>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="mb-3 font-display text-base font-bold text-stone-900">{title}</h3>
      {children}
    </section>
  );
}

interface QuoteBuilderProps {
  quote: Quote;
  version: QuoteVersion;
  onSent: (result: TripUrl) => void;
}

export function QuoteBuilder({ quote, version, onSent }: QuoteBuilderProps) {
  const draft = useQuoteDraft(quote, version);
  const send = useSendQuote(quote.inquiryId);
  const { form, errors, change } = draft;
  const { travellers, gstPercent } = version.totals;
  const totals = useMemo(
    () => shownTotals(liveTotals(form, travellers, gstPercent), travellers, gstPercent),
    [form, travellers, gstPercent],
  );
  const set = <K extends keyof QuoteForm>(field: K, value: QuoteForm[K], touched: string[] = [field]) =>
    change({ ...form, [field]: value }, touched);

  const handleSend = async () => {
    if (!(await draft.save())) {
      notify.error(QUOTE_BUILDER_MESSAGES.sendFailed);
      return;
    }
    try {
      onSent(await send.mutateAsync(quote._id));
    } catch (err) {
      if (err instanceof ApiError && err.errors) draft.showErrors(err.errors);
      notify.error(errorMessage(err, QUOTE_BUILDER_MESSAGES.sendFailed));
    }
  };

  const busy = draft.state.kind === 'saving' || send.isPending;
  return (
    <div className="space-y-5">
      {draft.restored ? (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-2xl border border-accent-200 bg-accent-50 px-4 py-3 text-sm text-stone-800 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>{QUOTE_BUILDER_MESSAGES.restored}</p>
          <Button
            variant="outline"
            size="sm"
            className="self-start bg-white sm:self-auto"
            onClick={draft.discardRestored}
          >
            {QUOTE_BUILDER_MESSAGES.discard}
          </Button>
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="min-w-0 space-y-7">
          <Part title={QUOTE_BUILDER_MESSAGES.days}>
            <DayEditor days={form.days} errors={errors} onChange={(days, touched) => set('days', days, touched)} />
          </Part>
          <Part title={QUOTE_BUILDER_MESSAGES.lines}>
            <LineEditor
              lines={form.lines}
              errors={errors}
              onChange={(lines, touched) => set('lines', lines, touched)}
            />
            {/* On a phone the totals come after the whole form: the lines' sum stays in sight here. */}
            <p className="mt-3 text-sm text-stone-700 lg:hidden" aria-hidden="true">
              Total <strong className="text-stone-900">{formatRupees(totals.total)}</strong> ·{' '}
              {formatRupees(totals.perTraveller)} per traveller
            </p>
          </Part>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field
              label={QUOTE_BUILDER_MESSAGES.validUntil}
              hint={QUOTE_BUILDER_MESSAGES.validUntilHint}
              error={errors.validUntil}
            >
              <input
                type="date"
                className={inputClass}
                value={form.validUntil}
                onChange={(e) => set('validUntil', e.target.value)}
              />
            </Field>
            <Field label={QUOTE_BUILDER_MESSAGES.notes} error={errors.notes} className="sm:col-span-2">
              <textarea
                className={inputClass}
                rows={3}
                maxLength={QUOTE_LIMITS.notes}
                value={form.notes}
                onChange={(e) => set('notes', e.target.value)}
              />
            </Field>
            <Field
              label={QUOTE_BUILDER_MESSAGES.inclusions}
              hint={QUOTE_BUILDER_MESSAGES.listHint}
              error={errors.inclusions}
            >
              <textarea
                className={inputClass}
                rows={5}
                value={form.inclusions}
                onChange={(e) => set('inclusions', e.target.value)}
              />
            </Field>
            <Field
              label={QUOTE_BUILDER_MESSAGES.exclusions}
              hint={QUOTE_BUILDER_MESSAGES.listHint}
              error={errors.exclusions}
            >
              <textarea
                className={inputClass}
                rows={5}
                value={form.exclusions}
                onChange={(e) => set('exclusions', e.target.value)}
              />
            </Field>
          </div>
        </div>
        <aside className="min-w-0 lg:sticky lg:top-20 lg:self-start">
          <div className="rounded-xl border border-stone-200 bg-white p-4" aria-label={QUOTE_BUILDER_MESSAGES.totals}>
            <h3 className="mb-2 font-display text-base font-bold text-stone-900">{QUOTE_BUILDER_MESSAGES.totals}</h3>
            <QuoteTotals totals={totals} />
            <div className="mt-4 space-y-3 border-t border-stone-100 pt-4">
              <SaveStatus state={draft.state} />
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => void draft.save()} disabled={busy}>
                  {QUOTE_BUILDER_MESSAGES.saveDraft}
                </Button>
                <Button size="sm" onClick={() => void handleSend()} disabled={busy}>
                  <Send className="size-4" aria-hidden="true" /> {QUOTE_BUILDER_MESSAGES.send}
                </Button>
              </div>
            </div>
          </div>
        </aside>
      </div>
    </div>
  );
}
