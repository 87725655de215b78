import { INTERIM_LABEL, MAINTENANCE_LABEL, SALARY_DAY_LABEL } from './planning-entries.ts';
import css from './timeline.module.css';

const swatch = (color: string) => ({ background: `var(--mantine-color-${color}-1)`, borderLeft: `3px solid var(--mantine-color-${color}-6)` });

/** What the grid's colours and marks mean. */
export function PlanningLegend({ initials }: { initials: boolean }) {
  return (
    <div className={css.legend} data-testid="planning-legend">
      <span>
        <span className={css.swatch} style={swatch('blue')} />
        <span className={css.swatch} style={swatch('orange')} />
        Une couleur par chauffeur{initials ? ' (ses initiales ; survolez pour le nom)' : ''}
      </span>
      <span>
        <span className={`${css.swatch}`} style={swatch('gray')}>
          <span
            style={{ position: 'absolute', top: 0, right: 0, borderStyle: 'solid', borderWidth: '0 8px 8px 0', borderColor: 'transparent var(--mantine-color-teal-filled) transparent transparent' }}
          />
        </span>
        {SALARY_DAY_LABEL}
      </span>
      <span>
        <span className={css.swatch} style={{ ...swatch('gray'), borderLeftStyle: 'dashed', outline: '1px dashed var(--mantine-color-gray-filled)', outlineOffset: -1 }} />
        {INTERIM_LABEL}
      </span>
      <span>
        <span className={css.swatch} style={{ background: 'repeating-linear-gradient(135deg, var(--mantine-color-yellow-light) 0 4px, transparent 4px 8px)', borderLeft: '3px solid var(--mantine-color-yellow-filled)' }} />
        {MAINTENANCE_LABEL}
      </span>
      <span>
        <span className={css.swatch} style={{ display: 'inline-flex', flexDirection: 'column', gap: 1 }}>
          <span style={{ flex: 1, ...swatch('teal') }} />
          <span style={{ flex: 1, ...swatch('grape') }} />
        </span>
        Deux chauffeurs : avant et après la passation
      </span>
    </div>
  );
}
