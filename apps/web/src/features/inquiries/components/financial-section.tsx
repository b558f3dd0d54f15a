// The edit form's money: the five figures staff enter, and pendingAmount and profit worked out live as
// they type (D7 — the server computes the stored values the same way). Once the inquiry has payments (D31), the
// advance is the ledger's: shown, not typed.
import { useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { computePendingAmount, computeProfit } from '@safarnama/contract/inquiries';
import { PAYMENT_TEXT, PAYMENT_WEB_TEXT } from '@safarnama/contract/payments-rules';
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
  /** D31: the advance the payments make (the sum of the verified ones), when the inquiry has a schedule or ledger. */
  advanceFromPayments?: number;
}

export function FinancialSection<T extends FinancialValues>({
  control,
  register,
  errors,
  advanceFromPayments,
}: FinancialSectionProps<T>) {
  // The generic form narrows to its money fields here; the names are FinancialValues' own.
  const c = control as unknown as Control<FinancialValues>;
  const reg = register as unknown as UseFormRegister<FinancialValues>;
  const [tpc, advance, totalRevenue, hotelCost, cabCost] = useWatch({
    control: c,
    name: ['tpc', 'advance', 'totalRevenue', 'hotelCost', 'cabCost'],
  });
  const derived = advanceFromPayments !== undefined;
  const pending = computePendingAmount(amount(tpc), derived ? advanceFromPayments : amount(advance));
  const profit = computeProfit(amount(totalRevenue), amount(hotelCost), amount(cabCost));

  return (
    <div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FIELDS.map((f) =>
          derived && f.name === 'advance' ? (
            <div key={f.name}>
              <p className="mb-1.5 block text-sm font-medium text-stone-700">{f.label}</p>
              <p
                className="rounded-xl border border-stone-200 bg-sand-50 px-3.5 py-2.5 font-semibold text-stone-900"
                data-testid="advance-from-payments"
              >
                <Money amount={advanceFromPayments} />
              </p>
              <p className="mt-1 text-xs text-stone-500">
                {PAYMENT_TEXT.advanceDerived} {PAYMENT_WEB_TEXT.derivedHint}.
              </p>
              {errors?.advance ? (
                <p role="alert" className="mt-1 text-sm text-red-700">
                  {errors.advance}
                </p>
              ) : null}
            </div>
          ) : (
            <Field key={f.name} label={f.label} error={errors?.[f.name]}>
              <input type="number" inputMode="decimal" min={0} step="0.01" className={inputClass} {...reg(f.name)} />
            </Field>
          ),
        )}
      </div>
      <dl className="mt-5 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="rounded-xl bg-sand-100 px-4 py-3">
          <dt className="text-sm text-stone-600">
            Pending amount (package cost − advance)
            {derived ? <span className="block text-xs text-stone-500">{PAYMENT_TEXT.pendingDerived}</span> : null}
          </dt>
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
