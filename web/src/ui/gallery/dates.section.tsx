import { useState, type ReactNode } from 'react';
import { Code, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateRangePicker } from '../dates/DateRangePicker.tsx';
import { PeriodPresetSelect } from '../dates/PeriodPresetSelect.tsx';
import {
  defaultReportingPeriod,
  EMPTY_RANGE,
  formatPeriod,
  periodBounds,
  PERIOD_PRESETS,
  presetPeriod,
  type DateRange,
  type PeriodPreset,
  type PeriodView,
} from '../dates/periods.ts';

function Case({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** What the widget handed to its screen, as people read it. */
function Output({ testId, range }: { testId: string; range: DateRange }) {
  return (
    <Text size="sm">
      Valeur appliquée : <Code data-testid={testId}>{formatPeriod(range) || 'aucune'}</Code>
    </Text>
  );
}

function boundsOrError(view: string): string {
  try {
    return formatPeriod(periodBounds(new Date(), view as PeriodView));
  } catch (error) {
    return (error as Error).message;
  }
}

export default function DatesSection() {
  const [basic, setBasic] = useState<DateRange>(EMPTY_RANGE);
  const [past, setPast] = useState<DateRange>(EMPTY_RANGE);
  const [prefilled, setPrefilled] = useState<DateRange>(() => defaultReportingPeriod());
  const [preset, setPreset] = useState<PeriodPreset | null>(null);
  const [presetRange, setPresetRange] = useState<DateRange>(EMPTY_RANGE);

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Case title="Période (un clic = un jour)">
        <DateRangePicker label="Période" value={basic} onChange={setBasic} testId="dates-basic" />
        <Output testId="dates-basic-output" range={basic} />
      </Case>

      <Case title="Sans dates futures (noFuture)">
        <DateRangePicker label="Période passée" value={past} onChange={setPast} noFuture testId="dates-past" />
        <Output testId="dates-past-output" range={past} />
      </Case>

      <Case title="Pré-rempli : période de reporting par défaut">
        <DateRangePicker label="Période de reporting" value={prefilled} onChange={setPrefilled} noFuture testId="dates-prefilled" />
        <Output testId="dates-prefilled-output" range={prefilled} />
      </Case>

      <Case title="Désactivé et en erreur">
        <DateRangePicker label="Désactivé" value={EMPTY_RANGE} onChange={() => undefined} disabled testId="dates-disabled" />
        <DateRangePicker
          label="Avec erreur"
          value={EMPTY_RANGE}
          onChange={() => undefined}
          error="Veuillez renseigner la date de début de l'entretien."
          testId="dates-error"
        />
      </Case>

      <Case title="Périodes prédéfinies">
        <PeriodPresetSelect
          label="Période"
          value={preset}
          onChange={(next, period) => {
            setPreset(next);
            setPresetRange(period ?? EMPTY_RANGE);
          }}
          testId="dates-preset"
        />
        <Output testId="dates-preset-output" range={presetRange} />
      </Case>

      <Case title="Calculs de périodes (aujourd'hui)">
        <Stack gap={2} data-testid="dates-helpers">
          {PERIOD_PRESETS.map((p) => (
            <Text size="sm" key={p}>
              {p} : <Code data-testid={`dates-helper-${p}`}>{formatPeriod(presetPeriod(p))}</Code>
            </Text>
          ))}
          <Text size="sm">
            Période de reporting par défaut : <Code data-testid="dates-helper-reporting">{formatPeriod(defaultReportingPeriod())}</Code>
          </Text>
          {['day', 'week', 'month', 'year'].map((view) => (
            <Text size="sm" key={view}>
              periodBounds(aujourd'hui, '{view}') : <Code data-testid={`dates-helper-view-${view}`}>{boundsOrError(view)}</Code>
            </Text>
          ))}
        </Stack>
      </Case>
    </SimpleGrid>
  );
}
