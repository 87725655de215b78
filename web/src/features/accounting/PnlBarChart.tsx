import type { TDiagramMonth } from '@flotte/contract/accounting';
import { formatMoney } from '../../ui/format.ts';
import { compactAmount, niceMax, ticks } from './chart-scale.ts';
import { MONTH_LABELS } from './report-tree.ts';

const REVENUE = 'var(--mantine-color-teal-6)';
const EXPENSES = 'var(--mantine-color-red-6)';
const HEIGHT = 240;
const AXIS = 56; // room for the amounts on the left
const BOTTOM = 28; // room for the month names
const SLOT = 48; // width of one month

/**
 * Revenue against expenses, month by month: plain SVG bars, no chart library (a few kB instead of
 * a hundred for two series). Each bar carries its amount as a tooltip and for screen readers.
 */
export function PnlBarChart({ series, currency }: { series: TDiagramMonth[]; currency: string }) {
  const max = niceMax(Math.max(0, ...series.flatMap((s) => [s.revenue, s.expenses])));
  const width = AXIS + series.length * SLOT + 8;
  const plot = HEIGHT - BOTTOM;
  const y = (v: number) => plot - (v / max) * (plot - 8);
  const bar = (x: number, value: number, color: string, label: string) => {
    const h = plot - y(value);
    return (
      <rect x={x} y={y(value)} width={16} height={Math.max(h, value > 0 ? 1 : 0)} rx={2} fill={color}>
        <title>{`${label} : ${formatMoney(value, currency)}`}</title>
      </rect>
    );
  };
  return (
    <div style={{ overflowX: 'auto' }}>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width="100%"
        style={{ minWidth: Math.min(width, 360), maxHeight: 320, display: 'block' }}
        role="img"
        aria-label="Revenus et dépenses par mois"
        data-testid="pnl-chart"
      >
        {ticks(max).map((t) => (
          <g key={t}>
            <line x1={AXIS} x2={width} y1={y(t)} y2={y(t)} stroke="var(--mantine-color-gray-3)" strokeDasharray={t === 0 ? undefined : '3 3'} />
            <text x={AXIS - 6} y={y(t) + 4} textAnchor="end" fontSize={10} fill="var(--mantine-color-dimmed)">
              {compactAmount(t)}
            </text>
          </g>
        ))}
        {series.map((s, i) => {
          const x = AXIS + i * SLOT + 6;
          const month = MONTH_LABELS[Number(s.month.slice(5, 7)) - 1];
          return (
            <g key={s.month} data-testid="pnl-chart-month">
              {bar(x, s.revenue, REVENUE, `Revenus ${month} ${s.month.slice(0, 4)}`)}
              {bar(x + 18, s.expenses, EXPENSES, `Dépenses ${month} ${s.month.slice(0, 4)}`)}
              <text x={x + 17} y={HEIGHT - 14} textAnchor="middle" fontSize={10} fill="var(--mantine-color-text)">
                {month}
              </text>
              {s.month.endsWith('-01') || i === 0 ? (
                <text x={x + 17} y={HEIGHT - 3} textAnchor="middle" fontSize={9} fill="var(--mantine-color-dimmed)">
                  {s.month.slice(0, 4)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

export const CHART_COLORS = { revenue: REVENUE, expenses: EXPENSES };
