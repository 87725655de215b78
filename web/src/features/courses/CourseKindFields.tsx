import { Select, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { COURSE_KIND_LABELS } from '@flotte/contract/courses';
import type { TMaintenance } from '@flotte/contract/maintenance';
import { ApiError } from '../../api/api-error.ts';
import { formatDate } from '../../ui/format.ts';
import { maintenanceApi } from '../maintenance/maintenance-api.ts';

export interface CourseKindFieldsProps {
  kind: 1 | 2;
  maintenanceId: string | null;
  onChange: (patch: { kind?: 1 | 2; maintenance_id?: string | null }) => void;
  error?: string;
}

const label = (m: TMaintenance) => [m.vehicle.registration_number, `${formatDate(m.start_date)} → ${formatDate(m.end_date)}`, m.description].filter(Boolean).join(' · ');

/**
 * The course's kind (spec 000: replacement 1, maintenance 2). A maintenance course takes a vehicle
 * to or from the garage: it names the maintenance it serves, chosen among the park's open ones
 * (scheduled or running), plus the one already linked on an edit.
 */
export function CourseKindFields({ kind, maintenanceId, onChange, error }: CourseKindFieldsProps) {
  const open = useQuery({
    queryKey: ['courses', 'open-maintenances'],
    queryFn: ({ signal }) => maintenanceApi.list({ page: 1, itemPerPage: 100, status: 'available' }, signal),
    enabled: kind === 2,
    staleTime: 60_000,
    meta: { errorToast: false },
  });
  const linked = useQuery({
    queryKey: ['courses', 'maintenance', maintenanceId],
    queryFn: ({ signal }) => maintenanceApi.get(maintenanceId!, signal),
    enabled: kind === 2 && !!maintenanceId && !open.data?.items.some((m) => m.id === maintenanceId),
    meta: { errorToast: false },
  });
  const items = [...(open.data?.items ?? []), ...(linked.data && !open.data?.items.some((m) => m.id === linked.data.id) ? [linked.data] : [])];
  const refused = open.error instanceof ApiError ? open.error.message : open.error ? 'Les entretiens ne peuvent pas être chargés' : null;
  return (
    <Stack gap="xs">
      <div>
        <Text size="sm" fw={500} mb={4} id="course-kind-label">
          Type de course
        </Text>
        <SegmentedControl
          aria-labelledby="course-kind-label"
          fullWidth
          value={String(kind)}
          onChange={(v) => onChange({ kind: v === '2' ? 2 : 1, ...(v === '2' ? {} : { maintenance_id: null }) })}
          data={[
            { value: '1', label: COURSE_KIND_LABELS[1] },
            { value: '2', label: COURSE_KIND_LABELS[2] },
          ]}
          data-testid="course-kind"
        />
      </div>
      {kind === 2 ? (
        <Select
          label="Entretien servi"
          description="Le véhicule conduit au garage ou ramené du garage"
          placeholder={open.isPending ? 'Chargement…' : items.length ? 'Choisir un entretien' : 'Aucun entretien programmé ou en cours'}
          data={items.map((m) => ({ value: m.id, label: label(m) }))}
          value={maintenanceId}
          onChange={(maintenance_id) => onChange({ maintenance_id })}
          searchable
          required
          error={error ?? refused ?? undefined}
          comboboxProps={{ withinPortal: true }}
          data-testid="course-maintenance"
        />
      ) : null}
    </Stack>
  );
}
