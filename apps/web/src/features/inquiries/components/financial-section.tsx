// The edit form's money: the five figures staff enter, and pendingAmount and profit worked out live as
// they type (D7 — the server computes the stored values the same way).
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { computePendingAmount, computeProfit } from '@safarnama/contract/inquiry-rules';
import { Field, inputClass } from '../../../components/ui/field';
import { Money } from '../../../components/inquiries/money';

export interface FinancialValues {
  totalRevenue: string;
  hotelCost: string;
  cabCost: string;
  advance: string;
  tpc: string;
}

const FIELDS: { name: keyof FinancialValues; label: string }[] = [
  { name: 'tpc', label: 'Total package cost (₹)' },
  { name: 'advance', label: 'Advance received (₹)' },
  { name: 'totalRevenue', label: 'Total revenue (₹)' },
  { name: 'hotelCost', label: 'Hotel cost (₹)' },
  { name: 'cabCost', label: 'Cab cost (₹)' },
];

/** A half-typed or blank figure counts as 0 until it is a number. */
const amount = (v: string | undefined) => {
  const n = Number(v);
  return v !== undefined && v.trim() !== '' && Number.isFinite(n) ? n : 0;
};

interface FinancialSectionProps<T extends FinancialValues> {
  control: Control<T>;
  register: UseFormRegister<T>;
  errors?: Partial<Record<keyof FinancialValues, string>>;
}

export function FinancialSection<T extends FinancialValues>({ control, register, errors }: FinancialSectionProps<T>) {
  // The generic form narrows to its money fields here; the names are FinancialValues' own.
  const c = control as unknown as Control<FinancialValues>;
  const reg = register as unknown as UseFormRegister<FinancialValues>;
  const [tpc, advance, totalRevenue, hotelCost, cabCost] = useWatch({
    control: c,
    name: ['tpc', 'advance', 'totalRevenue', 'hotelCost', 'cabCost'],
  });
  const pending = computePendingAmount(amount(tpc), amount(advance));
  const profit = computeProfit(amount(totalRevenue), amount(hotelCost), amount(cabCost));

  return (
    <div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FIELDS.map((f) => (
          <Field key={f.name} label={f.label} error={errors?.[f.name]}>
            <input type="number" inputMode="decimal" min={0} step="0.01" className={inputClass} {...reg(f.name)} />
          </Field>
        ))}
      </div>
      <dl className="mt-5 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-sand-100 px-4 py-3">
          <dt className="text-sm text-stone-600">Pending amount (package cost − advance)</dt>
          <dd className="mt-1 text-lg font-semibold text-stone-900" data-testid="pending-amount">
            <Money amount={pending} />
          </dd>
        </div>
        <div className="rounded-xl bg-sand-100 px-4 py-3">
          <dt className="text-sm text-stone-600">Profit (revenue − hotel − cab)</dt>
          <dd className="mt-1 text-lg" data-testid="profit">
            <Money amount={profit} signed />
          </dd>
        </div>
      </dl>
    </div>
  );
}
