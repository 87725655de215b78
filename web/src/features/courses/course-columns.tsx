import { Badge, Stack, Text } from '@mantine/core';
import { COURSE_STATUS_LABELS, type TCourse } from '@flotte/contract/courses';
import type { DataTableColumn } from '../../ui/data-table/types.ts';
import { Money } from '../../ui/Money.tsx';
import { COURSE_STATUS_COLORS, courseClient, courseCrew, courseDriver, coursePeriod, courseTrip, courseVehicle } from './course-display.ts';

export function CourseStatusBadge({ status }: { status: TCourse['status'] }) {
  return (
    <Badge color={COURSE_STATUS_COLORS[status]} variant="light" tt="none" style={{ overflow: 'visible', minWidth: 'max-content' }} data-testid="course-status">
      {COURSE_STATUS_LABELS[status]}
    </Badge>
  );
}

/**
 * The columns of a course list. On a phone each course is a card: the client (title), the trip,
 * the dates, the vehicle and driver, the amount and the status badge.
 */
export const COURSE_COLUMNS: DataTableColumn<TCourse>[] = [
  {
    key: 'reference',
    header: 'Référence',
    card: 'meta',
    render: (c) => (
      <Text span size="sm" style={{ whiteSpace: 'nowrap' }}>
        {c.reference}
      </Text>
    ),
    cardRender: (c) => c.reference,
  },
  {
    key: 'client',
    header: 'Client',
    card: 'title',
    exportValue: courseClient,
    render: (c) => (
      <Stack gap={0}>
        <Text span size="sm" fw={500}>
          {c.client.name}
        </Text>
        {c.contact ? (
          <Text span size="xs" c="dimmed">
            {c.contact.name}
          </Text>
        ) : null}
      </Stack>
    ),
    cardRender: (c) => c.client.name,
  },
  {
    key: 'start_date',
    header: 'Départ',
    card: 'date',
    exportValue: coursePeriod,
    render: (c) => <Text span size="sm">{coursePeriod(c)}</Text>,
    cardRender: coursePeriod,
  },
  {
    key: 'trip',
    header: 'Trajet',
    card: 'subtitle',
    exportValue: courseTrip,
    render: (c) => (
      <Text span size="sm" lineClamp={2} maw={260}>
        {courseTrip(c)}
      </Text>
    ),
    cardRender: courseTrip,
  },
  {
    key: 'crew',
    header: 'Véhicule / chauffeur',
    card: 'meta',
    exportValue: courseCrew,
    render: (c) => (
      <Stack gap={0}>
        <Text span size="sm" c={c.vehicle ? undefined : 'dimmed'}>
          {courseVehicle(c)}
        </Text>
        <Text span size="xs" c="dimmed">
          {courseDriver(c)}
        </Text>
      </Stack>
    ),
    cardRender: courseCrew,
  },
  {
    key: 'amount',
    header: 'Montant',
    money: true,
    card: 'amount',
    exportValue: (c) => c.amount,
    render: (c) => <Money amount={c.amount} fw={600} td={c.status === 'canceled' ? 'line-through' : undefined} />,
  },
  {
    key: 'status',
    header: 'Statut',
    card: 'status',
    exportValue: (c) => COURSE_STATUS_LABELS[c.status],
    render: (c) => <CourseStatusBadge status={c.status} />,
  },
  { key: 'description', header: 'Description', exportOnly: true, exportValue: (c) => c.description ?? '' },
];
