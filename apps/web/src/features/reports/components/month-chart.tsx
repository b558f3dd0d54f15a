// The months as bars (received and converted inquiries), drawn by Recharts; the same figures are in the table
// beside it for screen readers, so the drawing itself is hidden from them (and kept out of the tab order).
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportSummary } from '@safarnama/contract/reports';
import { monthLabel } from '../period';

export function MonthChart({ months }: { months: ReportSummary['byMonth'] }) {
  const data = months.map((m) => ({ ...m, label: monthLabel(m.month) }));
  // Clipped: until the chart hears of a narrower screen (a phone turned, a window shrunk) it keeps its old width,
  // which must not make the whole page scroll sideways meanwhile.
  return (
    <div aria-hidden="true" className="h-64 w-full min-w-0 overflow-hidden sm:h-80" data-testid="month-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
          <Tooltip />
          <Legend />
          <Bar dataKey="received" name="Received" fill="#0f766e" isAnimationActive={false} />
          <Bar dataKey="converted" name="Converted" fill="#d97706" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
