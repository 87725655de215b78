import { useMemo, useRef } from 'react';
import { longDay } from './day-labels.ts';
import type { TPlanningEntry, TPlanningVehicleRef } from './planning-types.ts';
import { CellContent, VehicleButton } from './TimelineParts.tsx';
import { cellEntries, type AgendaItem } from './timeline.ts';
import css from './timeline.module.css';
import { useWindowedRows } from './useWindowedRows.ts';
import { rowOffsets } from './windowing.ts';

const HEADING_HEIGHT = 44;
const EMPTY_DAY_HEIGHT = 36;
const LINE_HEIGHT = 48;
const STACKED_LINE_BASE = 48;
const STACKED_SLOT_HEIGHT = 24;

/** An item's height: a line on a phone grows with its drivers (two on an hourly day). */
export function itemHeight(item: AgendaItem, stacked: boolean): number {
  if (item.kind === 'day') return HEADING_HEIGHT + (item.count === 0 ? EMPTY_DAY_HEIGHT : 0);
  if (!stacked) return LINE_HEIGHT;
  const marks = cellEntries(item.cell).length + (item.cell?.maintenance ? 1 : 0);
  return STACKED_LINE_BASE + STACKED_SLOT_HEIGHT * Math.max(1, marks);
}

export interface AgendaListProps {
  items: readonly AgendaItem[];
  /** The phone's layout: the vehicle above its drivers. */
  stacked?: boolean;
  onOpenVehicle: (vehicle: TPlanningVehicleRef) => void;
  onOpenEntry: (entry: TPlanningEntry) => void;
  label: string;
  testId: string;
}

/**
 * Days as headings, each followed by its vehicles, one line each, with the drivers and their
 * hours: the agenda, and the phone's day. Only the lines in view are rendered.
 */
export function AgendaList({ items, stacked = false, onOpenVehicle, onOpenEntry, label, testId }: AgendaListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const offsets = useMemo(() => rowOffsets(items.map((item) => itemHeight(item, stacked))), [items, stacked]);
  const win = useWindowedRows(scroller, offsets);
  const visible = items.slice(win.start, win.end);
  // Deep in a day of 1,000 vehicles its heading has scrolled away: a copy stays on top, over the lines.
  // Only in a list with day headings (the agenda): the phone's day has its own title above the list,
  // and a copy there would hide its first line.
  const current = items[win.first];
  const pinned = items[0]?.kind === 'day' && current && current.kind === 'vehicle' ? current.day : null;
  return (
    <div ref={scroller} className={css.scroller} data-testid={testId} role="list" aria-label={label}>
      {pinned ? (
        <div className={css.pinned} aria-hidden="true">
          <div className={css.dayHeading} style={{ height: HEADING_HEIGHT }} data-today={pinned.isToday || undefined}>
            <span>{longDay(pinned.date)}</span>
            {pinned.isToday ? <span className={css.todayBadge}>Aujourd’hui</span> : null}
          </div>
        </div>
      ) : null}
      <div style={{ height: win.offset }} aria-hidden="true" />
      {visible.map((item, i) => {
        const height = offsets[win.start + i + 1]! - offsets[win.start + i]!;
        if (item.kind === 'day') {
          return (
            <div key={`d-${item.day.key}`} role="listitem" style={{ height }} data-testid="planning-agenda-day" data-day={item.day.key}>
              <div className={css.dayHeading} style={{ height: HEADING_HEIGHT }} data-today={item.day.isToday || undefined}>
                <span>{longDay(item.day.date)}</span>
                {item.day.isToday ? <span className={css.todayBadge}>Aujourd’hui</span> : null}
                <span className={css.count}>
                  {item.count} véhicule{item.count > 1 ? 's' : ''}
                </span>
              </div>
              {item.count === 0 ? <div className={css.emptyDay}>Aucun planning ce jour-là.</div> : null}
            </div>
          );
        }
        return (
          <div
            key={`${item.day.key}-${item.row.vehicle.id}`}
            role="listitem"
            className={css.line}
            style={{ height }}
            data-stacked={stacked || undefined}
            data-testid="planning-line"
            data-day={item.day.key}
            data-vehicle={item.row.vehicle.id}
          >
            <VehicleButton vehicle={item.row.vehicle} onOpen={onOpenVehicle} />
            <div className={css.lineSlots}>
              <CellContent cell={item.cell} size="line" onOpen={onOpenEntry} />
            </div>
          </div>
        );
      })}
      <div style={{ height: Math.max(0, win.total - (offsets[win.end] ?? 0)) }} aria-hidden="true" />
    </div>
  );
}
