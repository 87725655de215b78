import { memo, useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { WEEKDAY_NAMES, WEEKDAY_SHORT_NAMES, type CalendarDay } from './calendar-grid.ts';
import { longDay } from './day-labels.ts';
import type { TPlanningEntry, TPlanningVehicleRef } from './planning-types.ts';
import { CellContent, VehicleButton, type SlotSize } from './TimelineParts.tsx';
import type { TimelineRow } from './timeline.ts';
import css from './timeline.module.css';
import { useWindowedRows } from './useWindowedRows.ts';
import { fixedOffsets } from './windowing.ts';
import dayjs from '../../ui/dayjs.ts';

/** The two grids: a month's days as narrow columns, or a work week's as wide ones. */
export const GRID_LAYOUTS = {
  month: { vehicleWidth: 190, dayMin: 46, rowHeight: 44, headerHeight: 44, size: 'initials' },
  work_week: { vehicleWidth: 210, dayMin: 150, rowHeight: 64, headerHeight: 44, size: 'wide' },
} as const satisfies Record<string, { vehicleWidth: number; dayMin: number; rowHeight: number; headerHeight: number; size: SlotSize }>;
export type GridLayout = keyof typeof GRID_LAYOUTS;

export interface TimelineGridProps {
  layout: GridLayout;
  rows: readonly TimelineRow[];
  days: readonly CalendarDay[];
  onOpenVehicle: (vehicle: TPlanningVehicleRef) => void;
  onOpenEntry: (entry: TPlanningEntry) => void;
  /** A day's heading opens that day in the agenda, names and hours in full. */
  onOpenDay: (day: CalendarDay) => void;
}

/**
 * The planning as people read a schedule: vehicles down, days across, each cell the day's driver
 * in his colour. The vehicle column and the day header stay in place while the grid scrolls; only
 * the rows in view are rendered (1,000 vehicles scroll like 30), and a month opens on today.
 */
export function TimelineGrid({ layout, rows, days, onOpenVehicle, onOpenEntry, onOpenDay }: TimelineGridProps) {
  const { vehicleWidth, dayMin, rowHeight, headerHeight, size } = GRID_LAYOUTS[layout];
  const scroller = useRef<HTMLDivElement>(null);
  const offsets = useMemo(() => fixedOffsets(rows.length, rowHeight), [rows.length, rowHeight]);
  const win = useWindowedRows(scroller, offsets, headerHeight);
  const columns = `${vehicleWidth}px repeat(${days.length}, minmax(${dayMin}px, 1fr))`;
  const width = `max(100%, ${vehicleWidth + days.length * dayMin}px)`;
  const todayIndex = days.findIndex((d) => d.isToday);

  // A month opens on today (and the day before), not on the 1st: what an owner checks first.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || todayIndex < 0 || layout !== 'month') return;
    const head = el.querySelector<HTMLElement>('[data-today]');
    if (head) el.scrollLeft = Math.max(0, head.offsetLeft - vehicleWidth - head.offsetWidth);
  }, [todayIndex, days, vehicleWidth, layout]);

  // Stable handlers, so a scroll step renders only the rows that come into view (GridRow is memoised).
  const handlers = useRef({ onOpenVehicle, onOpenEntry });
  handlers.current = { onOpenVehicle, onOpenEntry };
  const openVehicle = useCallback((v: TPlanningVehicleRef) => handlers.current.onOpenVehicle(v), []);
  const openEntry = useCallback((e: TPlanningEntry) => handlers.current.onOpenEntry(e), []);

  const visible = rows.slice(win.start, win.end);
  const after = win.total - win.offset - visible.length * rowHeight;
  return (
    <div
      ref={scroller}
      className={css.scroller}
      data-testid="planning-grid"
      data-view={layout}
      role="grid"
      aria-rowcount={rows.length + 1}
      aria-colcount={days.length + 1}
      aria-label={layout === 'month' ? 'Planning du mois' : 'Planning de la semaine de travail'}
    >
      <div style={{ width }}>
        <div className={css.header} style={{ gridTemplateColumns: columns, height: headerHeight }} role="row" aria-rowindex={1}>
          <div className={css.corner} role="columnheader">
            Véhicule
          </div>
          {days.map((day) => (
            <div key={day.key} role="columnheader" style={{ display: 'contents' }}>
              <button
                type="button"
                className={css.dayHead}
                title={`${longDay(day.date)} : tout le jour dans l’agenda`}
                onClick={() => onOpenDay(day)}
                data-testid="planning-grid-day"
                data-day={day.key}
                data-today={day.isToday || undefined}
                data-weekend={day.weekday >= 6 || undefined}
              >
                <span>{(layout === 'month' ? WEEKDAY_SHORT_NAMES : WEEKDAY_NAMES)[day.weekday - 1]}</span>
                <strong>{layout === 'month' ? day.date.getDate() : dayjs(day.date).format('D MMM')}</strong>
              </button>
            </div>
          ))}
        </div>
        <div style={{ height: win.offset }} aria-hidden="true" />
        {visible.map((row, i) => (
          <GridRow key={row.vehicle.id} row={row} index={win.start + i} days={days} columns={columns} rowHeight={rowHeight} size={size} onOpenVehicle={openVehicle} onOpenEntry={openEntry} />
        ))}
        <div style={{ height: Math.max(0, after) }} aria-hidden="true" />
      </div>
    </div>
  );
}

interface GridRowProps {
  row: TimelineRow;
  index: number;
  days: readonly CalendarDay[];
  columns: string;
  rowHeight: number;
  size: SlotSize;
  onOpenVehicle: (vehicle: TPlanningVehicleRef) => void;
  onOpenEntry: (entry: TPlanningEntry) => void;
}

const GridRow = memo(function GridRow({ row, index, days, columns, rowHeight, size, onOpenVehicle, onOpenEntry }: GridRowProps) {
  return (
    <div className={css.row} style={{ gridTemplateColumns: columns, height: rowHeight }} role="row" aria-rowindex={index + 2} data-testid="planning-row" data-vehicle={row.vehicle.id}>
      <div role="rowheader" style={{ display: 'contents' }}>
        <VehicleButton vehicle={row.vehicle} onOpen={onOpenVehicle} />
      </div>
      {days.map((day) => (
        <div
          key={day.key}
          className={css.cell}
          role="gridcell"
          data-testid="planning-cell"
          data-day={day.key}
          data-today={day.isToday || undefined}
          data-weekend={day.weekday >= 6 || undefined}
        >
          <CellContent cell={row.cells.get(day.key)} size={size} onOpen={onOpenEntry} />
        </div>
      ))}
    </div>
  );
});
