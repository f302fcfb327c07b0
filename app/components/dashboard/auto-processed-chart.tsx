import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipProps } from "recharts";
import { useHydrated } from "~/components/invoices/selection";
import type { MonthBar } from "~/modules/dashboard/rules";

/**
 * 'Invoices Auto Processed per Month' (spec part 3 §2.2, §9): a stacked bar per month, Automatic under Manual, the last 6
 * months. recharts 2 draws it on the server at a fixed size (the SVG scales to the card through its viewBox), so the
 * chart is there without JavaScript; once hydrated it is redrawn in a measured container, where the tooltip (count,
 * total and percent) follows the pointer. The same figures are in a table for screen readers.
 */
const SERVER_SIZE = { width: 640, height: 288 };
const AUTOMATIC = "hsl(var(--primary))";
const MANUAL = "#94a3b8";

function BarTooltip({ active, payload, label }: TooltipProps<number, string>) {
  if (!active || !payload?.length) return null;
  const bar = payload[0].payload as MonthBar;
  return (
    <div className="rounded-md border bg-card px-3 py-2 text-sm shadow-md">
      <p className="font-medium">{label}</p>
      <p>
        Automatic: {bar.automatic} of {bar.total} ({bar.automaticPercent}%)
      </p>
      <p>
        Manual: {bar.manual} of {bar.total} ({bar.total === 0 ? 0 : 100 - bar.automaticPercent}%)
      </p>
    </div>
  );
}

function Chart({ bars, width, height }: { bars: MonthBar[]; width?: number; height?: number }) {
  return (
    <BarChart width={width} height={height} data={bars} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
      <CartesianGrid vertical={false} strokeDasharray="3 3" />
      <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} />
      <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} />
      <Tooltip content={<BarTooltip />} cursor={{ fill: "rgba(148, 163, 184, 0.15)" }} />
      <Bar dataKey="automatic" name="Automatic" stackId="documents" fill={AUTOMATIC} isAnimationActive={false} />
      <Bar dataKey="manual" name="Manual" stackId="documents" fill={MANUAL} radius={[3, 3, 0, 0]} isAnimationActive={false} />
    </BarChart>
  );
}

export function AutoProcessedChart({ bars }: { bars: MonthBar[] }) {
  const hydrated = useHydrated();
  return (
    <figure className="space-y-2" aria-labelledby="auto-processed-chart-title">
      <figcaption id="auto-processed-chart-title" className="text-base font-semibold">
        Invoices Auto Processed per Month
      </figcaption>
      <div
        className="aspect-[20/9] w-full overflow-hidden [&_.recharts-wrapper]:!h-full [&_.recharts-wrapper]:!w-full [&_.recharts-wrapper>svg]:!h-full [&_.recharts-wrapper>svg]:!w-full"
        aria-hidden
        data-testid="auto-processed-chart"
      >
        {hydrated ? (
          <ResponsiveContainer width="100%" height="100%">
            <Chart bars={bars} />
          </ResponsiveContainer>
        ) : (
          <Chart bars={bars} {...SERVER_SIZE} />
        )}
      </div>
      {/* The legend is ours, not the chart's: the server-drawn chart is scaled, and its legend would not follow. */}
      <ul className="flex justify-center gap-4 text-xs text-muted-foreground" aria-hidden>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm" style={{ background: AUTOMATIC }} />
          Automatic
        </li>
        <li className="flex items-center gap-1.5">
          <span className="size-3 rounded-sm" style={{ background: MANUAL }} />
          Manual
        </li>
      </ul>
      {/* sr-only on a wrapper: a table keeps its content's width whatever its own width says. */}
      <div className="sr-only">
        <table>
          <caption>Invoices Auto Processed per Month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Automatic</th>
              <th scope="col">Manual</th>
              <th scope="col">Total</th>
              <th scope="col">Automatic %</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.month}>
                <th scope="row">{bar.label}</th>
                <td>{bar.automatic}</td>
                <td>{bar.manual}</td>
                <td>{bar.total}</td>
                <td>{bar.automaticPercent}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
