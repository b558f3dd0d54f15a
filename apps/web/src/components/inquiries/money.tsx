// Rupee amounts in Indian digit grouping; `signed` colours a result green when ≥ 0 and red below.
import { formatRupees } from '@safarnama/contract/common-rules';

export function Money({
  amount,
  signed = false,
  className = '',
}: {
  amount: number;
  signed?: boolean;
  className?: string;
}) {
  if (!signed) return <span className={className}>{formatRupees(amount)}</span>;
  const negative = amount < 0;
  return (
    <span
      className={`${negative ? 'profit-negative text-red-700' : 'profit-positive text-emerald-700'} font-semibold ${className}`}
      data-sign={negative ? 'negative' : 'positive'}
    >
      {formatRupees(amount)}
    </span>
  );
}
