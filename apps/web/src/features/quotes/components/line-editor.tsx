// The priced lines: description, kind, quantity, unit cost, and a unit price or a markup on the cost, with each
// line's price as the server will compute it. A card a line: the description, kind and supplier (D33), then the
// numbers in a row; stacked two by two on a phone.
import { useLayoutEffect, useRef } from 'react';
import { useFocusAfterRender } from '../../../lib/use-focus-after-render';
import { Plus } from 'lucide-react';
import { formatRupees } from '@safarnama/contract/common-rules';
import {
  QUOTE_BUILDER_MESSAGES,
  QUOTE_LIMITS,
  QUOTE_LINE_KINDS,
  QUOTE_LINE_KIND_LABELS,
  lineUnitPricePaise,
  paiseToRupees,
  type QuoteLineKind,
} from '@safarnama/contract/quotes-rules';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { EditorRow } from './editor-row';
import { SupplierField } from './supplier-field';
import { emptyLine, lineAmounts, type LineRow, type Pricing, type QuoteErrors } from '../quote-form';

interface LineEditorProps {
  lines: LineRow[];
  errors: QuoteErrors;
  onChange: (lines: LineRow[], touched?: string[]) => void;
}

// Inputs as tall as on the rest of the page, but tighter across so a line fits one row on a laptop.
const cell = `${inputClass} px-2.5`;

function LinePrice({ line }: { line: LineRow }) {
  const amounts = lineAmounts(line);
  const unit = lineUnitPricePaise(amounts);
  return (
    <div className="min-w-0">
      <p className="mb-1.5 text-sm font-medium text-stone-700">Line price</p>
      <p className="py-2.5 font-semibold text-stone-900 tabular-nums" data-line-price>
        {formatRupees(paiseToRupees(amounts.quantity * unit))}
      </p>
      {line.pricing === 'markup' ? (
        <p className="-mt-2 text-xs text-stone-500">{formatRupees(paiseToRupees(unit))} a unit</p>
      ) : null}
    </div>
  );
}

export function LineEditor({ lines, errors, onChange }: LineEditorProps) {
  const { container: list, focusAfterRender } = useFocusAfterRender<HTMLOListElement>();
  // A supplier's choice and its last rate arrive from the field's effects: they apply to the lines as they are then
  // (a layout effect runs before any child's effect).
  const current = useRef(lines);
  useLayoutEffect(() => {
    current.current = lines;
  });

  const update = (key: string, patch: Partial<LineRow>, from = lines) =>
    onChange(
      from.map((l) => (l.key === key ? { ...l, ...patch } : l)),
      Object.keys(patch).flatMap((field) =>
        // Switching between price and markup clears both fields' errors (the contract names either).
        field === 'pricing' ? [`lines.${key}.unitPrice`, `lines.${key}.markupPercent`] : [`lines.${key}.${field}`],
      ),
    );
  const remove = (index: number) => {
    const next = lines.filter((_, i) => i !== index);
    const neighbour = next[Math.min(index, next.length - 1)];
    focusAfterRender(neighbour ? `[data-line="${neighbour.key}"] [data-description]` : null);
    onChange(next);
  };
  const add = () => {
    const line = emptyLine();
    focusAfterRender(`[data-line="${line.key}"] [data-description]`);
    onChange([...lines, line]);
  };
  const error = (key: string, field: string) => errors[`lines.${key}.${field}`];
  /** D33: the builder remembers the last rate with a supplier: it fills a unit cost not typed yet. */
  const applyRate = (key: string, unitCost: number | null) => {
    const line = current.current.find((l) => l.key === key);
    if (line && unitCost !== null && !line.unitCost.trim())
      update(key, { unitCost: String(unitCost) }, current.current);
  };

  return (
    <div>
      {lines.length === 0 ? <p className="text-sm text-stone-500">{QUOTE_BUILDER_MESSAGES.noLines}</p> : null}
      <ol ref={list} className="space-y-3">
        {lines.map((line, i) => (
          <EditorRow
            key={line.key}
            noun="line"
            rowKey={line.key}
            index={i}
            count={lines.length}
            onRemove={() => remove(i)}
          >
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              <Field label="Description" error={error(line.key, 'description')} className="col-span-2 sm:col-span-2">
                <input
                  className={cell}
                  data-description
                  value={line.description}
                  maxLength={QUOTE_LIMITS.description}
                  onChange={(e) => update(line.key, { description: e.target.value })}
                />
              </Field>
              <SupplierField
                className="col-span-2 sm:col-span-2"
                supplierId={line.supplierId}
                kind={line.kind}
                error={error(line.key, 'supplierId')}
                onChange={(supplierId) => update(line.key, { supplierId }, current.current)}
                onRate={(rate) => applyRate(line.key, rate.unitCost)}
              />
              <Field label="Kind" error={error(line.key, 'kind')}>
                <select
                  className={cell}
                  value={line.kind}
                  onChange={(e) => update(line.key, { kind: e.target.value as QuoteLineKind })}
                >
                  {QUOTE_LINE_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {QUOTE_LINE_KIND_LABELS[k]}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Quantity" error={error(line.key, 'quantity')}>
                <input
                  className={cell}
                  inputMode="numeric"
                  value={line.quantity}
                  onChange={(e) => update(line.key, { quantity: e.target.value })}
                />
              </Field>
              <Field label="Unit cost (₹)" error={error(line.key, 'unitCost')}>
                <input
                  className={cell}
                  inputMode="decimal"
                  value={line.unitCost}
                  onChange={(e) => update(line.key, { unitCost: e.target.value })}
                />
              </Field>
              <Field label="Priced by">
                <select
                  className={cell}
                  value={line.pricing}
                  onChange={(e) => update(line.key, { pricing: e.target.value as Pricing })}
                >
                  <option value="price">Unit price</option>
                  <option value="markup">Markup %</option>
                </select>
              </Field>
              {line.pricing === 'price' ? (
                <Field label="Unit price (₹)" error={error(line.key, 'unitPrice')}>
                  <input
                    className={cell}
                    inputMode="decimal"
                    value={line.unitPrice}
                    onChange={(e) => update(line.key, { unitPrice: e.target.value })}
                  />
                </Field>
              ) : (
                <Field label="Markup (%)" error={error(line.key, 'markupPercent')}>
                  <input
                    className={cell}
                    inputMode="decimal"
                    value={line.markupPercent}
                    onChange={(e) => update(line.key, { markupPercent: e.target.value })}
                  />
                </Field>
              )}
              <LinePrice line={line} />
            </div>
          </EditorRow>
        ))}
      </ol>
      {errors.lines ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {errors.lines}
        </p>
      ) : null}
      <Button variant="outline" size="sm" className="mt-3" onClick={add} disabled={lines.length >= QUOTE_LIMITS.lines}>
        <Plus className="size-4" aria-hidden="true" /> {QUOTE_BUILDER_MESSAGES.addLine}
      </Button>
    </div>
  );
}
