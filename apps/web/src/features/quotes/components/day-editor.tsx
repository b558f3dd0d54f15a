// The itinerary by day: a title and a text each; days are added, removed and moved with buttons (keyboard and
// screen readers included), focus follows a moved day, and "Day 3: …" titles follow their day's new place.
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { Plus } from 'lucide-react';
import { QUOTE_BUILDER_MESSAGES, QUOTE_LIMITS } from '@safarnama/contract/quotes-rules';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { EditorRow } from './editor-row';
import { emptyDay, moved, renumberDays, type DayRow, type QuoteErrors } from '../quote-form';

interface DayEditorProps {
  days: DayRow[];
  errors: QuoteErrors;
  onChange: (days: DayRow[], touched?: string[]) => void;
}

export function DayEditor({ days, errors, onChange }: DayEditorProps) {
  const { container: list, focusAfterRender } = useFocusAfterRender<HTMLOListElement>();

  const update = (key: string, patch: Partial<DayRow>) =>
    onChange(
      days.map((d) => (d.key === key ? { ...d, ...patch } : d)),
      Object.keys(patch).map((field) => `days.${key}.${field}`),
    );
  const move = (index: number, by: -1 | 1) => {
    const next = renumberDays(days, moved(days, index, by));
    const to = index + by;
    // Keep focus on the same button unless the day reached the end it moved to.
    const edge = by === -1 ? to === 0 : to === next.length - 1;
    const direction = by === -1 ? (edge ? 'down' : 'up') : edge ? 'up' : 'down';
    focusAfterRender(`[data-day="${days[index]!.key}"] [data-move="${direction}"]`);
    onChange(next);
  };
  const remove = (index: number) => {
    const next = renumberDays(
      days,
      days.filter((_, i) => i !== index),
    );
    const neighbour = next[Math.min(index, next.length - 1)];
    focusAfterRender(neighbour ? `[data-day="${neighbour.key}"] [data-title]` : null);
    onChange(next);
  };
  const add = () => {
    const day = emptyDay();
    focusAfterRender(`[data-day="${day.key}"] [data-title]`);
    onChange([...days, day]);
  };

  return (
    <div>
      <p className="mb-3 text-xs text-stone-500">
        {days.length === 0 ? `${QUOTE_BUILDER_MESSAGES.noDays} ` : null}
        {QUOTE_BUILDER_MESSAGES.dayTextHint}
      </p>
      <ol ref={list} className="space-y-3">
        {days.map((day, i) => (
          <EditorRow
            key={day.key}
            noun="day"
            rowKey={day.key}
            index={i}
            count={days.length}
            onMove={(by) => move(i, by)}
            onRemove={() => remove(i)}
          >
            <div className="grid gap-3">
              <Field label="Title" error={errors[`days.${day.key}.title`]}>
                <input
                  className={inputClass}
                  data-title
                  value={day.title}
                  maxLength={QUOTE_LIMITS.dayTitle}
                  onChange={(e) => update(day.key, { title: e.target.value })}
                />
              </Field>
              <Field label="What the day holds" error={errors[`days.${day.key}.text`]}>
                <textarea
                  className={inputClass}
                  rows={3}
                  value={day.text}
                  maxLength={QUOTE_LIMITS.dayText}
                  onChange={(e) => update(day.key, { text: e.target.value })}
                />
              </Field>
            </div>
          </EditorRow>
        ))}
      </ol>
      {errors.days ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errors.days}
        </p>
      ) : null}
      <Button variant="outline" size="sm" className="mt-3" onClick={add} disabled={days.length >= QUOTE_LIMITS.days}>
        <Plus className="size-4" aria-hidden="true" /> {QUOTE_BUILDER_MESSAGES.addDay}
      </Button>
    </div>
  );
}
