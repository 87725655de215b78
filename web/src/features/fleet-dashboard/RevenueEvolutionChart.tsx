import type { TRevenueEvolution } from '@flotte/contract/fleet-dashboard';
import { formatMoney } from '../../ui/format.ts';
import { compactAmount, niceMax, ticks } from '../accounting/chart-scale.ts';

/** Colours of the spec's three categories (spec 001 section 9: Autres, VTC, Courses). */
export const REVENUE_COLORS: Record<string, string> = {
  Autres: 'var(--mantine-color-gray-5)',
  VTC: 'var(--mantine-color-blue-6)',
  Courses: 'var(--mantine-color-teal-5)',
};
/** The chart's height in pixels, whatever the mode or the screen: the skeleton before it takes the same. */
export const REVENUE_CHART_HEIGHT = 240;
const HEIGHT = REVENUE_CHART_HEIGHT;
const AXIS = 56;
const BOTTOM = 24;

/**
 * The revenue evolution: one stacked bar per period (month, ISO week or year), plain SVG as the
 * accounting diagram does (no chart library). Each segment carries its amount as a tooltip.
 */
export function RevenueEvolutionChart({ data }: { data: TRevenueEvolution }) {
  const slot = data.graph === 'week' ? 16 : data.graph === 'year' ? 72 : 44;
  const bar = Math.max(8, slot - 8);
  const totals = data.periods.map((_, i) => data.series.reduce((s, x) => s + x.data[i], 0));
  const max = niceMax(Math.max(0, ...totals));
  const width = AXIS + data.periods.length * slot + 8;
  const plot = HEIGHT - BOTTOM;
  const scale = (v: number) => (v / max) * (plot - 8);
  // Weeks are too many to label each: every fourth.
  const labelled = (i: number) => data.graph !== 'week' || i % 4 === 0;
  return (
    // Focusable, so a keyboard can scroll it sideways too (a phone shows only part of the chart).
    <div style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Évolution des revenus, défilable">
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width="100%"
        height={HEIGHT}
        // Drawn at its own size (a phone scrolls it sideways): its height never moves the page.
        style={{ minWidth: width, display: 'block' }}
        role="img"
        aria-label="Évolution des revenus"
        data-testid="revenue-chart"
      >
        {ticks(max).map((t) => (
          <g key={t}>
            <line x1={AXIS} x2={width} y1={plot - scale(t)} y2={plot - scale(t)} stroke="var(--mantine-color-gray-3)" strokeDasharray={t === 0 ? undefined : '3 3'} />
            <text x={AXIS - 6} y={plot - scale(t) + 4} textAnchor="end" fontSize={10} fill="var(--mantine-color-dimmed)">
              {compactAmount(t)}
            </text>
          </g>
        ))}
        {data.periods.map((p, i) => {
          const x = AXIS + i * slot + (slot - bar) / 2;
          let top = plot;
          return (
            <g key={p.key} data-testid="revenue-chart-period">
              {data.series.map((s) => {
                const h = scale(s.data[i]);
                if (h <= 0) return null;
                top -= h;
                return (
                  <rect key={s.name} x={x} y={top} width={bar} height={Math.max(h, 1)} fill={REVENUE_COLORS[s.name]}>
                    <title>{`${s.name} ${p.label} : ${formatMoney(s.data[i], data.currency)}`}</title>
                  </rect>
                );
              })}
              {labelled(i) ? (
                <text x={x + bar / 2} y={HEIGHT - 8} textAnchor="middle" fontSize={10} fill="var(--mantine-color-text)">
                  {p.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
