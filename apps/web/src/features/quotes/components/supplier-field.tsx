// A quotation line's supplier (D33), chosen by typing its name: the browser's own suggestion list (a datalist) offers
// the directory's active suppliers whose words match, and a text equal to one of them ("Name, City", or a name only
// one supplier has) chooses it. Choosing one asks for the last rate sent with that supplier for the line's kind.
import { useDeferredValue, useEffect, useId, useState } from 'react';
import type { QuoteLineKind } from '@safarnama/contract/quotes-rules';
import { SUPPLIER_LIMITS, SUPPLIER_MESSAGES, type Supplier, type SupplierRate } from '@safarnama/contract/suppliers';
import { formatRupees, formatShortDate } from '@safarnama/contract/common-rules';
import { Field, inputClass } from '../../../components/ui/field';
import { useSupplierSuggestions } from '../api/find-suppliers';
import { useSupplier } from '../api/get-supplier';
import { useFetchSupplierRate } from '../api/get-supplier-rate';

const labelOf = (s: Supplier) => `${s.name}, ${s.city}`;
/** The words to search for: the name part of "Name, City". */
const nameOf = (text: string) => text.split(', ')[0]!.trim();

/** The supplier the text names: its label, or a name only one of the suggestions has. */
function matchOf(text: string, options: readonly Supplier[]): Supplier | undefined {
  const t = text.trim().toLowerCase();
  if (!t) return undefined;
  const byLabel = options.find((s) => labelOf(s).toLowerCase() === t);
  if (byLabel) return byLabel;
  const byName = options.filter((s) => s.name.toLowerCase() === t);
  return byName.length === 1 ? byName[0] : undefined;
}

interface SupplierFieldProps {
  supplierId: string | null;
  kind: QuoteLineKind;
  error?: string;
  className?: string;
  onChange: (supplierId: string | null) => void;
  /** The last rate with the chosen supplier for this kind, once known. */
  onRate: (rate: SupplierRate) => void;
}

export function SupplierField({ supplierId, kind, error, className, onChange, onRate }: SupplierFieldProps) {
  const listId = useId();
  const chosen = useSupplier(supplierId);
  // null while the field shows the chosen supplier as loaded; the text once something is typed.
  const [typed, setTyped] = useState<string | null>(null);
  const [rate, setRate] = useState<SupplierRate | null>(null);
  const fetchRate = useFetchSupplierRate();
  const text = typed ?? (chosen.data ? labelOf(chosen.data) : '');
  const query = useDeferredValue(nameOf(text));
  const suggestions = useSupplierSuggestions(query, typed !== null && query !== '');
  const options = suggestions.data ?? [];
  const match = typed === null ? undefined : matchOf(typed, options);

  // A text that names a supplier chooses it, whether picked from the list or typed whole (the suggestions for it
  // may arrive after the last key).
  const matchId = match?._id;
  useEffect(() => {
    if (matchId === undefined || matchId === supplierId) return;
    onChange(matchId);
    void fetchRate(matchId, kind).then(
      (r) => {
        setRate(r);
        onRate(r);
      },
      () => setRate(null),
    );
    // Only a new match chooses: the callbacks change each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [matchId]);

  const handleChange = (value: string) => {
    setTyped(value);
    setRate(null);
    if (supplierId !== null && matchOf(value, chosen.data ? [chosen.data] : [])?._id !== supplierId) onChange(null);
  };

  const noMatch =
    typed !== null && query !== '' && suggestions.isSuccess && !suggestions.isPlaceholderData && options.length === 0;
  const hint =
    rate && rate.unitCost !== null
      ? SUPPLIER_MESSAGES.lastRate(formatRupees(rate.unitCost), formatShortDate(rate.sentAt))
      : noMatch
        ? SUPPLIER_MESSAGES.fieldNoMatch
        : supplierId === null
          ? SUPPLIER_MESSAGES.fieldHint
          : undefined;

  return (
    <div className={className}>
      <Field label={SUPPLIER_MESSAGES.field} error={error} hint={hint}>
        <input
          className={`${inputClass} px-2.5`}
          list={listId}
          autoComplete="off"
          maxLength={SUPPLIER_LIMITS.name + SUPPLIER_LIMITS.city + 2}
          value={text}
          data-supplier-field
          onChange={(e) => handleChange(e.target.value)}
        />
      </Field>
      <datalist id={listId}>
        {options.map((s) => (
          <option key={s._id} value={labelOf(s)} />
        ))}
      </datalist>
    </div>
  );
}
