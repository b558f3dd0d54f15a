// One version of a quotation as the customer reads it: the day-by-day plan, what is included with its prices and
// the totals, the lists and the notes. Used for the current version and, in full, for an earlier one.
import { useId, type ReactNode } from 'react';
import { CircleCheck, CircleX } from 'lucide-react';
import type { TripVersion } from '@safarnama/contract/quotes';
import { formatRupees } from '@safarnama/contract/common-rules';

export function TripSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card min-w-0 p-5 sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold sm:text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The priced lines (description, quantity, price) with the totals under them. */
function PriceTable({ version }: { version: TripVersion }) {
  const { totals } = version;
  const hasGst = totals.gst > 0;
  const cell = 'py-2.5 align-top';
  return (
    <table className="w-full text-left text-sm sm:text-base">
      <caption className="sr-only">What is included, with prices</caption>
      <thead>
        <tr className="border-b border-stone-200 text-xs text-stone-500 uppercase sm:text-sm">
          <th scope="col" className="pb-2 font-medium">
            Item
          </th>
          <th scope="col" className="px-2 pb-2 text-right font-medium sm:px-4">
            Qty
          </th>
          <th scope="col" className="pb-2 text-right font-medium">
            Price
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {version.lines.map((line, i) => (
          <tr key={i}>
            <td className={`${cell} [overflow-wrap:anywhere]`}>
              <span className="block font-medium text-stone-900">{line.description}</span>
              <span className="block text-xs text-stone-500 sm:text-sm">{formatRupees(line.unitPrice)} each</span>
            </td>
            <td className={`${cell} px-2 text-right text-stone-700 tabular-nums sm:px-4`}>{line.quantity}</td>
            <td className={`${cell} text-right font-medium whitespace-nowrap text-stone-900 tabular-nums`}>
              {formatRupees(line.price)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t-2 border-stone-200">
        {hasGst ? (
          <>
            <tr>
              <th scope="row" colSpan={2} className="pt-3 font-normal text-stone-600">
                Price
              </th>
              <td className="pt-3 text-right tabular-nums">{formatRupees(totals.price)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={2} className="pt-1 font-normal text-stone-600">
                GST {totals.gstPercent}%
              </th>
              <td className="pt-1 text-right tabular-nums">{formatRupees(totals.gst)}</td>
            </tr>
          </>
        ) : null}
        <tr>
          <th scope="row" colSpan={2} className="pt-3 text-base font-semibold text-stone-900">
            Total
          </th>
          <td className="pt-3 text-right text-base font-bold whitespace-nowrap text-brand-800 tabular-nums">
            {formatRupees(totals.total)}
          </td>
        </tr>
        <tr>
          <th scope="row" colSpan={2} className="pt-1 font-normal text-stone-600">
            Per traveller ({plural(totals.travellers, 'traveller', 'travellers')})
          </th>
          <td className="pt-1 text-right whitespace-nowrap tabular-nums">{formatRupees(totals.perTraveller)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function ItemList({ items, included }: { items: string[]; included: boolean }) {
  const Icon = included ? CircleCheck : CircleX;
  return (
    <ul className="space-y-2">
      {items.map((item, i) => (
        <li key={i} className="flex gap-2.5">
          <Icon
            className={`mt-0.5 size-5 shrink-0 ${included ? 'text-emerald-600' : 'text-red-600'}`}
            aria-hidden="true"
          />
          <span className="min-w-0 [overflow-wrap:anywhere]">{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function VersionDetails({ version }: { version: TripVersion }) {
  return (
    <div className="space-y-5">
      {version.days.length > 0 ? (
        <TripSection title="Day by day">
          <ol className="space-y-4">
            {version.days.map((day, i) => (
              <li key={i} className="flex gap-3">
                <span
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-800"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <div className="min-w-0">
                  <h3 className="font-semibold text-stone-900 [overflow-wrap:anywhere]">{day.title}</h3>
                  {day.text ? (
                    <p className="mt-1 whitespace-pre-line text-stone-700 [overflow-wrap:anywhere]">{day.text}</p>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
        </TripSection>
      ) : null}
      <TripSection title="What is included, with prices">
        <PriceTable version={version} />
      </TripSection>
      {version.inclusions.length > 0 || version.exclusions.length > 0 ? (
        <TripSection title="Included and not included">
          <div className="grid gap-6 sm:grid-cols-2">
            {version.inclusions.length > 0 ? (
              <div>
                <h3 className="mb-2 font-semibold text-stone-900">Included</h3>
                <ItemList items={version.inclusions} included />
              </div>
            ) : null}
            {version.exclusions.length > 0 ? (
              <div>
                <h3 className="mb-2 font-semibold text-stone-900">Not included</h3>
                <ItemList items={version.exclusions} included={false} />
              </div>
            ) : null}
          </div>
        </TripSection>
      ) : null}
      {version.notes ? (
        <TripSection title="Notes">
          <p className="whitespace-pre-line text-stone-700 [overflow-wrap:anywhere]">{version.notes}</p>
        </TripSection>
      ) : null}
    </div>
  );
}
