import { lazy, Suspense, useCallback, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { COURSE_GROUP_LABELS, COURSE_GROUPS, COURSE_MESSAGES, type TCourse, type TCourseDetail, type TCourseGroup } from '@flotte/contract/courses';
import { DataTable } from '../../ui/data-table/DataTable.tsx';
import { FiltersButton } from '../../ui/data-table/FiltersButton.tsx';
import type { DataTableFetch } from '../../ui/data-table/types.ts';
import { useIsPhone } from '../../ui/data-table/useIsPhone.ts';
import { EmptyPlaceholder } from '../../ui/dialogs/EmptyPlaceholder.tsx';
import { usePermissions } from '../auth/permissions.ts';
import { CoursesClientsTabs } from '../clients/CoursesClientsTabs.tsx';
import { COURSE_COLUMNS } from './course-columns.tsx';
import { useCourseFilters, type CourseFilterQuery } from './CourseFilters.tsx';
import { coursesApi } from './courses-api.ts';
import { courseKeys } from './queries.ts';

// The dialogs (and the map, the calendar and the pickers behind them) load when first opened.
const CourseFormDialog = lazy(() => import('./CourseFormDialog.tsx').then((m) => ({ default: m.CourseFormDialog })));
const CourseInfoDialog = lazy(() => import('./CourseInfoDialog.tsx').then((m) => ({ default: m.CourseInfoDialog })));
const CourseTariffDialog = lazy(() => import('./CourseTariffDialog.tsx').then((m) => ({ default: m.CourseTariffDialog })));

const SECTION_EMPTY: Record<TCourseGroup, string> = {
  current: 'Aucune course en cours',
  upcoming: 'Aucune course à venir',
  past: 'Aucune course passée',
};

/** One group of the list ('En cours', 'À venir', 'Passées'), its own pages and cards. */
function CourseSection({ group, filters, onOpen, phone }: { group: TCourseGroup; filters: CourseFilterQuery; onOpen: (c: TCourse) => void; phone: boolean }) {
  const fetchPage: DataTableFetch<TCourse> = useCallback(
    (query, signal) => coursesApi.list({ page: query.page, itemPerPage: query.itemPerPage, group, ...(query.filters as CourseFilterQuery) }, signal),
    [group],
  );
  const title = (
    <Title order={2} fz="h4" style={phone ? undefined : { alignSelf: 'center' }}>
      {COURSE_GROUP_LABELS[group]}
    </Title>
  );
  return (
    <Stack gap="xs" data-testid={`courses-section-${group}`}>
      {/* On a computer the title sits in the table's toolbar, beside 'Exporter' (the shared filters
          are above the three groups); a phone has no export: the title stands alone over the cards. */}
      {phone ? title : null}
      <DataTable<TCourse>
        columns={COURSE_COLUMNS}
        fetchPage={fetchPage}
        queryKey={courseKeys.list(group)}
        filters={filters}
        searchable={false}
        filtersSlot={phone ? undefined : title}
        onRowClick={onOpen}
        isRowStruck={(c) => c.status === 'canceled'}
        exportFileName={phone ? undefined : `Courses ${COURSE_GROUP_LABELS[group]}`}
        minWidth={980}
        emptyText={SECTION_EMPTY[group]}
        testId={`courses-table-${group}`}
      />
    </Stack>
  );
}

/**
 * /dashboard/courses (VIEW_COURSES, issue 20 section 2): the park's courses in three groups with
 * shared filters; a course opens 'Infos courses'. MANAGE_COURSES books courses and sets the tariff.
 */
export default function CoursesPage() {
  const canManage = usePermissions().can('MANAGE_COURSES');
  const phone = useIsPhone();
  const filters = useCourseFilters();
  const [formOpened, setFormOpened] = useState(false);
  const [formMounted, setFormMounted] = useState(false);
  const [editing, setEditing] = useState<TCourseDetail | null>(null);
  const [inspecting, setInspecting] = useState<string | null>(null);
  const [tariffOpened, setTariffOpened] = useState(false);
  const [tariffMounted, setTariffMounted] = useState(false);

  // One small question says whether the park has any course at all: the spec's empty message then
  // replaces three empty sections.
  const any = useQuery({ queryKey: [...courseKeys.lists(), 'any'], queryFn: ({ signal }) => coursesApi.list({ page: 1, itemPerPage: 1 }, signal) });
  const none = any.data?.meta.total === 0;

  const openForm = (course: TCourseDetail | null) => {
    setEditing(course);
    setFormMounted(true);
    setFormOpened(true);
  };

  return (
    <Stack gap="md" data-testid="courses-page">
      <CoursesClientsTabs active="courses" />
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            Courses
          </Title>
          <Text c="dimmed" size="sm">
            Les trajets programmés pour vos clients, avec leur véhicule et leur chauffeur.
          </Text>
        </div>
        {canManage ? (
          <Group gap="xs" wrap="nowrap" w={{ base: '100%', sm: 'auto' }}>
            <Button onClick={() => openForm(null)} style={{ flex: '1 1 auto' }} data-testid="course-add">
              Programmer une course
            </Button>
            <Button
              variant="light"
              onClick={() => {
                setTariffMounted(true);
                setTariffOpened(true);
              }}
              data-testid="course-tariff"
            >
              Tarif
            </Button>
          </Group>
        ) : null}
      </Group>

      {none ? (
        <EmptyPlaceholder
          text={COURSE_MESSAGES.empty}
          action={canManage ? { label: 'Programmer une course', onClick: () => openForm(null) } : undefined}
          testId="courses-empty"
        />
      ) : (
        <>
          {phone ? (
            <Group>
              <FiltersButton count={filters.count} onReset={filters.reset} testId="courses">
                {filters.slot}
              </FiltersButton>
            </Group>
          ) : (
            <Group gap="sm" align="flex-end" wrap="wrap" data-testid="courses-filters">
              {filters.slot}
            </Group>
          )}
          {COURSE_GROUPS.map((group) => (
            <CourseSection key={group} group={group} filters={filters.query} onOpen={(c) => setInspecting(c.id)} phone={phone} />
          ))}
        </>
      )}
      {filters.pickers}
      <Suspense fallback={null}>
        {formMounted ? (
          <CourseFormDialog
            opened={formOpened}
            course={editing}
            // The course stays set while the dialog fades out (its title would flip); the next opening sets it.
            onClose={() => setFormOpened(false)}
            onSaved={(c) => setInspecting(c.id)}
          />
        ) : null}
        {inspecting ? <CourseInfoDialog courseId={inspecting} opened={!formOpened} onClose={() => setInspecting(null)} onEdit={(c) => openForm(c)} /> : null}
        {tariffMounted ? <CourseTariffDialog opened={tariffOpened} onClose={() => setTariffOpened(false)} /> : null}
      </Suspense>
    </Stack>
  );
}
