import type { CSSProperties } from 'react';
import { driverName, entryTitle, INTERIM_LABEL, MAINTENANCE_LABEL, SALARY_DAY_LABEL, slotHours, vehicleLabel } from './planning-entries.ts';
import type { TPlanningEntry, TPlanningVehicleRef } from './planning-types.ts';
import { cellEntries, driverColor, driverInitials, isSplit, type TimelineCell } from './timeline.ts';
import css from './timeline.module.css';

/**
 * The small pieces the grid, the agenda and the phone's day share: a vehicle's heading, a driver's
 * slot and the maintenance mark. Plain elements (see timeline.module.css for why).
 */

/** How much a slot says: initials (a month's narrow day), name and hours (a work week's day), or all of it on one line. */
export type SlotSize = 'initials' | 'wide' | 'line';

const SHORT_SLOT = { full: '', first: 'Avant la passation', second: 'Après la passation' } as const;

function slotStyle(driverId: string): CSSProperties {
  const color = driverColor(driverId);
  return {
    // The colour is the background and the edge; the text stays the body's dark grey, since no
    // single shade of green, lime or orange keeps small text at 4.5:1 on its own tint.
    '--slot-bg': `var(--mantine-color-${color}-1)`,
    '--slot-edge': `var(--mantine-color-${color}-6)`,
    '--slot-text': 'var(--mantine-color-text)',
  } as CSSProperties;
}

export interface SlotButtonProps {
  entry: TPlanningEntry;
  size: SlotSize;
  onOpen: (entry: TPlanningEntry) => void;
}

/** One driver on one day (or one side of the handover): a click opens his work programme. */
export function SlotButton({ entry, size, onOpen }: SlotButtonProps) {
  const name = driverName(entry.driver);
  const hours = slotHours(entry);
  const extra = [entry.slot !== 'full' ? SHORT_SLOT[entry.slot] : '', entry.is_salary_day ? SALARY_DAY_LABEL : '', entry.role === 'interim' ? INTERIM_LABEL : '']
    .filter(Boolean)
    .join(', ');
  return (
    <button
      type="button"
      className={css.slot}
      style={slotStyle(entry.driver.id)}
      title={entryTitle(entry)}
      onClick={() => onOpen(entry)}
      data-testid="planning-entry"
      data-slot={entry.slot}
      data-salary={entry.is_salary_day || undefined}
      data-role={entry.role}
      data-wide={size !== 'initials' || undefined}
    >
      {size === 'initials' ? (
        <>
          <span aria-hidden="true">{driverInitials(entry.driver)}</span>
          <span className={css.srOnly}>
            {name}
            {extra ? ` (${extra})` : ''}
          </span>
        </>
      ) : size === 'wide' ? (
        <>
          <span className={css.ellipsis} style={{ maxWidth: '100%' }}>
            {name}
          </span>
          <span className={`${css.hours} ${css.ellipsis}`} style={{ maxWidth: '100%' }}>
            {hours}
            {extra ? <span className={css.srOnly}> ({extra})</span> : null}
          </span>
        </>
      ) : (
        <>
          <span className={css.ellipsis}>{name}</span>
          <span className={css.hours} style={{ whiteSpace: 'nowrap' }}>
            {[hours, extra].filter(Boolean).join(' · ')}
          </span>
        </>
      )}
    </button>
  );
}

export function MaintenanceMark({ size }: { size: SlotSize }) {
  return (
    <div className={css.maintenance} title={MAINTENANCE_LABEL} data-testid="planning-maintenance">
      {size === 'initials' ? (
        <>
          <span aria-hidden="true">E</span>
          <span className={css.srOnly}>{MAINTENANCE_LABEL}</span>
        </>
      ) : (
        MAINTENANCE_LABEL
      )}
    </div>
  );
}

/** A cell's content: the maintenance, then the day's driver or the two drivers of the handover. */
export function CellContent({ cell, size, onOpen }: { cell: TimelineCell | undefined; size: SlotSize; onOpen: (entry: TPlanningEntry) => void }) {
  if (!cell) return null;
  // A split day keeps each driver on his side of the handover even when the other side is empty.
  const slots = isSplit(cell) && size !== 'line' ? [cell.first, cell.second] : cellEntries(cell);
  return (
    <>
      {cell.maintenance ? <MaintenanceMark size={size} /> : null}
      {slots.map((e, i) => (e ? <SlotButton key={e.slot} entry={e} size={size} onOpen={onOpen} /> : <div key={`gap-${i}`} style={{ flex: 1 }} aria-hidden="true" />))}
    </>
  );
}

/** A vehicle's heading: its plate, its name or model below; a click opens its work programme. */
export function VehicleButton({ vehicle, onOpen }: { vehicle: TPlanningVehicleRef; onOpen: (vehicle: TPlanningVehicleRef) => void }) {
  const sub = [vehicle.label && vehicle.label !== vehicle.registration_number ? vehicle.label : null, [vehicle.brand, vehicle.model].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(' · ');
  return (
    <button type="button" className={css.vehicle} onClick={() => onOpen(vehicle)} title={`Programme de travail de ${vehicleLabel(vehicle)}`} data-testid="planning-vehicle">
      <span className={css.plate}>{vehicle.registration_number}</span>
      {sub ? <span className={css.vehicleSub}>{sub}</span> : null}
    </button>
  );
}
