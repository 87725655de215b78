import { useMemo, useState } from 'react';
import { Badge, Box, Group, Modal, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import dayjs from '../../ui/dayjs.ts';
import { EmptyPlaceholder } from '../../ui/dialogs/EmptyPlaceholder.tsx';
import { toDayString, type Period } from '../../ui/dates/periods.ts';
import { daysBetween, weeksCovering, workWeeks, WEEKDAY_NAMES, WEEKDAY_SHORT_NAMES, WORK_WEEK_LENGTH, type CalendarDay } from './calendar-grid.ts';
import { entryKey, groupEntriesByDay } from './planning-entries.ts';
import type { TCalendarEntry } from './planning-types.ts';
import { PlanningEntryCard } from './PlanningEntryCard.tsx';
import type { ScheduleView } from './schedule-period.ts';

export interface PlanningCalendarProps {
  view: ScheduleView;
  period: Period;
  today: Date;
  entries: readonly TCalendarEntry[];
  /** The calendar of one vehicle doesn't repeat it on every entry; of one driver, the driver. */
  hideVehicle?: boolean;
  hideDriver?: boolean;
}

/** A month cell shows this many entries, then '+N' opens the day. */
export const MONTH_CELL_ENTRIES = 3;
/**
 * Entries an agenda day shows before '+N de plus' when the agenda spans several days: a month of a
 * 25-vehicle park is some 700 cards, which a phone on a slow network should not lay out at once.
 */
export const AGENDA_DAY_ENTRIES = 6;
export const EMPTY_PERIOD_TEXT = 'Aucun planning sur cette période';

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** 'Mardi 18 mars 2025' */
export const longDay = (date: Date) => capitalize(dayjs(date).format('dddd D MMMM YYYY'));

type CardOptions = Pick<PlanningCalendarProps, 'hideVehicle' | 'hideDriver'>;

/**
 * The planning calendar, drawn with plain grids: the month (7 columns, Monday first), the work
 * week (Monday to Friday) and the agenda (a list by day). On a phone both grids read as the
 * agenda, where a day's entries have the whole width.
 */
export function PlanningCalendar({ view, period, today, entries, hideVehicle, hideDriver }: PlanningCalendarProps) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [openDay, setOpenDay] = useState<CalendarDay | null>(null);
  const weeks = useMemo(() => weeksCovering(period.start, period.end, today), [period, today]);
  const byDay = useMemo(() => {
    const last = weeks[weeks.length - 1];
    const shown = weeks[0] && last ? { from: weeks[0][0]!.key, to: last[6]!.key } : null;
    return groupEntriesByDay(entries, shown);
  }, [entries, weeks]);
  const options: CardOptions = { hideVehicle, hideDriver };

  let body;
  if (view === 'agenda' || phone) {
    const workOnly = view === 'work_week';
    body = <AgendaView period={period} today={today} byDay={byDay} workOnly={workOnly} {...options} />;
  } else if (view === 'month') {
    body = <MonthView weeks={weeks} byDay={byDay} onOpenDay={setOpenDay} {...options} />;
  } else {
    body = <WorkWeekView weeks={workWeeks(weeks)} byDay={byDay} {...options} />;
  }

  const openEntries = openDay ? (byDay.get(openDay.key) ?? []) : [];
  return (
    <>
      {body}
      <Modal opened={openDay !== null} onClose={() => setOpenDay(null)} title={openDay ? longDay(openDay.date) : ''} size="lg" data-testid="planning-day-dialog">
        <Stack gap="xs">
          {openEntries.length === 0 ? (
            <Text size="sm" c="dimmed">
              Aucun planning ce jour-là.
            </Text>
          ) : (
            openEntries.map((e) => <PlanningEntryCard key={entryKey(e)} entry={e} {...options} />)
          )}
        </Stack>
      </Modal>
    </>
  );
}

function DayNumber({ day }: { day: CalendarDay }) {
  const label = day.date.getDate() === 1 ? dayjs(day.date).format('D MMM') : String(day.date.getDate());
  return day.isToday ? (
    <Badge size="sm" circle={label.length < 3} variant="filled" aria-label={`Aujourd'hui, ${label}`}>
      {label}
    </Badge>
  ) : (
    <Text size="xs" fw={600} c={day.inPeriod ? undefined : 'dimmed'}>
      {label}
    </Text>
  );
}

const gridStyle = (columns: number) => ({
  display: 'grid',
  gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-md)',
  overflow: 'hidden',
});
const cellBorder = { borderTop: '1px solid var(--mantine-color-default-border)', borderLeft: '1px solid var(--mantine-color-default-border)' };

function MonthView({
  weeks,
  byDay,
  onOpenDay,
  ...options
}: { weeks: CalendarDay[][]; byDay: Map<string, TCalendarEntry[]>; onOpenDay: (day: CalendarDay) => void } & CardOptions) {
  return (
    <Box style={gridStyle(7)} data-testid="planning-month" aria-label="Planning du mois">
      {WEEKDAY_SHORT_NAMES.map((name, i) => (
        <Text key={name} size="xs" fw={700} ta="center" py={6} c="dimmed" bg="var(--mantine-color-default-hover)" title={WEEKDAY_NAMES[i]}>
          {name}
        </Text>
      ))}
      {weeks.flat().map((day) => {
        const list = byDay.get(day.key) ?? [];
        const more = list.length - MONTH_CELL_ENTRIES;
        return (
          <Box
            key={day.key}
            p={4}
            mih={112}
            data-testid="planning-day"
            data-day={day.key}
            bg={day.inPeriod ? undefined : 'var(--mantine-color-default-hover)'}
            style={{ ...cellBorder, minWidth: 0, opacity: day.inPeriod ? 1 : 0.75 }}
          >
            <UnstyledButton onClick={() => onOpenDay(day)} aria-label={`Voir le ${longDay(day.date)}`} mb={4} display="block">
              <DayNumber day={day} />
            </UnstyledButton>
            <Stack gap={3}>
              {list.slice(0, MONTH_CELL_ENTRIES).map((e) => (
                <PlanningEntryCard key={entryKey(e)} entry={e} compact {...options} />
              ))}
              {more > 0 ? (
                <UnstyledButton onClick={() => onOpenDay(day)} data-testid="planning-day-more">
                  <Text size="xs" c="brand" fw={600}>
                    +{more} de plus
                  </Text>
                </UnstyledButton>
              ) : null}
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}

function WorkWeekView({ weeks, byDay, ...options }: { weeks: CalendarDay[][]; byDay: Map<string, TCalendarEntry[]> } & CardOptions) {
  return (
    <Stack gap="md" data-testid="planning-work-week">
      {weeks.map((week) => (
        <Box key={week[0]!.key} style={gridStyle(WORK_WEEK_LENGTH)}>
          {week.map((day) => (
            <Box key={`h-${day.key}`} py={6} px={4} bg="var(--mantine-color-default-hover)" ta="center" style={{ minWidth: 0 }}>
              <Text size="xs" fw={700} c={day.isToday ? 'brand' : day.inPeriod ? undefined : 'dimmed'} truncate>
                {capitalize(dayjs(day.date).format('ddd D MMM'))}
              </Text>
            </Box>
          ))}
          {week.map((day) => {
            const list = byDay.get(day.key) ?? [];
            return (
              <Stack key={day.key} gap={4} p={4} mih={140} style={{ ...cellBorder, minWidth: 0 }} data-testid="planning-day" data-day={day.key} bg={day.inPeriod ? undefined : 'var(--mantine-color-default-hover)'}>
                {list.length === 0 ? (
                  <Text size="xs" c="dimmed" ta="center" mt="sm">
                    —
                  </Text>
                ) : (
                  list.map((e) => <PlanningEntryCard key={entryKey(e)} entry={e} {...options} />)
                )}
              </Stack>
            );
          })}
        </Box>
      ))}
    </Stack>
  );
}

function AgendaView({
  period,
  today,
  byDay,
  workOnly,
  ...options
}: { period: Period; today: Date; byDay: Map<string, TCalendarEntry[]>; workOnly: boolean } & CardOptions) {
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  const days = daysBetween(period.start, period.end, today).filter((d) => (!workOnly || d.weekday <= WORK_WEEK_LENGTH) && (byDay.get(d.key)?.length ?? 0) > 0);
  if (days.length === 0) return <EmptyPlaceholder text={EMPTY_PERIOD_TEXT} testId="planning-empty" />;
  const todayKey = toDayString(today);
  const limitFor = (key: string) => (days.length > 1 && !opened.has(key) ? AGENDA_DAY_ENTRIES : Infinity);
  return (
    <Stack gap="lg" data-testid="planning-agenda">
      {days.map((day) => (
        <section key={day.key} data-testid="planning-agenda-day" data-day={day.key} aria-label={longDay(day.date)}>
          <Group gap="xs" mb={6}>
            <Text fw={700} size="sm">
              {longDay(day.date)}
            </Text>
            {day.key === todayKey ? (
              <Badge size="sm" variant="light">
                Aujourd’hui
              </Badge>
            ) : null}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
            {(byDay.get(day.key) ?? []).slice(0, limitFor(day.key)).map((e) => (
              <PlanningEntryCard key={entryKey(e)} entry={e} {...options} />
            ))}
          </SimpleGrid>
          {(byDay.get(day.key)?.length ?? 0) > limitFor(day.key) ? (
            <UnstyledButton mt={6} onClick={() => setOpened(new Set(opened).add(day.key))} data-testid="planning-agenda-more">
              <Text size="sm" c="brand" fw={600}>
                +{(byDay.get(day.key)?.length ?? 0) - AGENDA_DAY_ENTRIES} de plus
              </Text>
            </UnstyledButton>
          ) : null}
        </section>
      ))}
    </Stack>
  );
}
