import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button, Group, Loader, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COURSE_KIND_LABELS, COURSE_MESSAGES, type TCourseDetail } from '@flotte/contract/courses';
import { formatDistance, formatDuration } from '@flotte/contract/geo';
import { api } from '../../api/client.ts';
import { ConfirmDialog } from '../../ui/dialogs/ConfirmDialog.tsx';
import { saveFile } from '../../ui/export/save-file.ts';
import { formatDateTime } from '../../ui/format.ts';
import { RouteMap } from '../../ui/map/index.ts';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { CourseStatusBadge } from './course-columns.tsx';
import { courseActions, courseDriver, courseOrderFileName, coursePayment, courseVehicle } from './course-display.ts';
import { coursesApi } from './courses-api.ts';
import { courseKeys, invalidatedByChange, useCourse } from './queries.ts';

// The money dialogs (caisses) download when someone finishes or settles a course.
const FinishCourseDialog = lazy(() => import('./FinishCourseDialog.tsx').then((m) => ({ default: m.FinishCourseDialog })));
const SettleCourseDialog = lazy(() => import('./SettleCourseDialog.tsx').then((m) => ({ default: m.SettleCourseDialog })));

/** What ExportDialog says once a file is saved: every download says it the same way. */
const DOWNLOADED = 'Fichier téléchargé';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </Stack>
  );
}

function Place({ address }: { address: TCourseDetail['start_address'] }) {
  return (
    <Stack gap={0}>
      <Text size="sm" span>
        {address.name}
      </Text>
      {address.description ? (
        <Text size="xs" c="dimmed" span>
          {address.description}
        </Text>
      ) : null}
    </Stack>
  );
}

export interface CourseInfoDialogProps {
  courseId: string;
  /** False while a dialog it opened (the edit form) is on top. */
  opened?: boolean;
  onClose: () => void;
  onEdit: (course: TCourseDetail) => void;
}

/**
 * 'Infos courses' (spec 000 section 2, spec 002 'Ride screens'): the trip on the map, the status,
 * the client and his contact, the addresses and dates, the crew, the distance, the amount and where
 * its money went, and the actions the course allows now (`can`, for MANAGE_COURSES): modify,
 * start, finish, settle, cancel (confirmed: irreversible). Anyone who sees it gets the 'Bon de
 * commande' PDF.
 */
export function CourseInfoDialog({ courseId, opened = true, onClose, onEdit }: CourseInfoDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const canManage = usePermissions().can('MANAGE_COURSES');
  const query = useCourse(courseId);
  const c = query.data;
  const [dialog, setDialog] = useState<'finish' | 'settle' | 'cancel' | null>(null);
  const [mounted, setMounted] = useState<ReadonlySet<'finish' | 'settle'>>(new Set());
  const [downloading, setDownloading] = useState(false);
  const open = (which: 'finish' | 'settle' | 'cancel') => {
    if (which !== 'cancel' && !mounted.has(which)) setMounted(new Set([...mounted, which]));
    setDialog(which);
  };

  const status = useMutation({
    mutationFn: (next: 'inProgres' | 'canceled') => coursesApi.setStatus(courseId, { status: next }),
    meta: { errorToast: false },
  });
  async function change(next: 'inProgres' | 'canceled') {
    try {
      const saved = await status.mutateAsync(next);
      queryClient.setQueryData(courseKeys.detail(courseId), saved);
    } catch (error) {
      toastApiError(error);
      throw error; // keeps a confirmation open for a retry
    }
    toast.success(next === 'canceled' ? COURSE_MESSAGES.canceled : COURSE_MESSAGES.started);
    for (const key of invalidatedByChange) void queryClient.invalidateQueries({ queryKey: key });
  }

  async function download() {
    if (!c) return;
    setDownloading(true);
    try {
      const file = await api.blob(coursesApi.orderPath(c.id));
      saveFile(file, courseOrderFileName(c.reference));
      toast.success(DOWNLOADED);
    } catch (error) {
      toastApiError(error);
    } finally {
      setDownloading(false);
    }
  }

  const actions = c ? courseActions(c, canManage) : [];
  // On a phone the buttons share the rows they wrap into: even widths, easy to tap.
  const actionStyle = fullScreen ? { flex: '1 1 auto' } : undefined;
  const payment = c ? coursePayment(c) : null;

  return (
    <>
      <Modal
        opened={opened && dialog === null}
        onClose={onClose}
        title={c ? `${COURSE_MESSAGES.infoTitle} · ${c.reference}` : COURSE_MESSAGES.infoTitle}
        size="lg"
        fullScreen={fullScreen}
        // Leaflet's controls stack at z-index 800-1000: the sticky title stays above them when scrolling.
        styles={{ header: { zIndex: 1001 } }}
        data-testid="course-info"
      >
        {!c ? (
          <Group justify="center" py="xl">
            {query.isError ? <Text c="red">{query.error.message}</Text> : <Loader size="sm" />}
          </Group>
        ) : (
          <Stack gap="md">
            <RouteMap start={c.start_address} end={c.end_address} geometry={c.geometry} height={fullScreen ? 220 : 280} />
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0}>
                <Text size="xs" c="dimmed">
                  Montant
                </Text>
                <Money amount={c.amount} fz="xl" fw={700} td={c.status === 'canceled' ? 'line-through' : undefined} data-testid="course-info-amount" />
              </Stack>
              <CourseStatusBadge status={c.status} />
            </Group>
            <SimpleGrid cols={2} spacing="sm">
              <Field label="Client">
                {c.client.name}
                <Text size="xs" c="dimmed">
                  {c.client.phone}
                </Text>
              </Field>
              <Field label="Personne à contacter">
                {c.contact ? (
                  <>
                    {c.contact.name}
                    <Text size="xs" c="dimmed">
                      {c.contact.phone}
                    </Text>
                  </>
                ) : null}
              </Field>
              <Field label="Départ">
                <Place address={c.start_address} />
              </Field>
              <Field label="Arrivée">
                <Place address={c.end_address} />
              </Field>
              <Field label="Début">{formatDateTime(c.start_date)}</Field>
              <Field label="Fin">{formatDateTime(c.end_date)}</Field>
              <Field label="Véhicule">{c.vehicle ? courseVehicle(c) : null}</Field>
              <Field label="Chauffeur">{c.driver ? courseDriver(c) : null}</Field>
              <Field label="Nombre de personnes">{String(c.number_of_people)}</Field>
              <Field label="Type de course" testId="course-info-kind">
                {c.kind === 2 ? `${COURSE_KIND_LABELS[2]} (un véhicule conduit au garage ou ramené)` : COURSE_KIND_LABELS[1]}
              </Field>
              <Field label="Distance">
                {c.distance == null
                  ? null
                  : c.distance_source === 'great_circle'
                    ? `${formatDistance(c.distance)} (à vol d'oiseau)`
                    : `${formatDistance(c.distance)} · ${formatDuration(c.duration)}`}
              </Field>
              {payment ? (
                <Field label="Paiement" testId="course-info-payment">
                  {payment}
                </Field>
              ) : null}
              {c.status === 'canceled' && c.cancel_reason ? <Field label="Motif d'annulation">{c.cancel_reason}</Field> : null}
            </SimpleGrid>
            {c.description ? <Field label="Description">{c.description}</Field> : null}

            <Group justify="flex-end" gap="sm" wrap="wrap">
              <Button variant="light" loading={downloading} onClick={() => void download()} style={actionStyle} data-testid="course-order">
                {COURSE_MESSAGES.order}
              </Button>
              {actions.includes('cancel') ? (
                <Button variant="default" color="red" c="red" onClick={() => open('cancel')} style={actionStyle} data-testid="course-cancel">
                  Annuler la course
                </Button>
              ) : null}
              {actions.includes('edit') ? (
                <Button variant="default" onClick={() => onEdit(c)} style={actionStyle} data-testid="course-edit">
                  Modifier
                </Button>
              ) : null}
              {actions.includes('settle') ? (
                <Button onClick={() => open('settle')} style={actionStyle} data-testid="course-settle">
                  Régler
                </Button>
              ) : null}
              {actions.includes('start') ? (
                <Button loading={status.isPending} onClick={() => void change('inProgres').catch(() => undefined)} style={actionStyle} data-testid="course-start">
                  Démarrer
                </Button>
              ) : null}
              {actions.includes('finish') ? (
                <Button onClick={() => open('finish')} style={actionStyle} data-testid="course-finish">
                  Terminer
                </Button>
              ) : null}
            </Group>
          </Stack>
        )}
      </Modal>
      {c ? (
        <>
          <ConfirmDialog
            opened={opened && dialog === 'cancel'}
            onClose={() => setDialog(null)}
            title="Annuler la course"
            message={COURSE_MESSAGES.cancelConfirm}
            danger
            onConfirm={() => change('canceled')}
            testId="course-cancel-dialog"
          />
          <Suspense fallback={null}>
            {mounted.has('finish') ? <FinishCourseDialog course={c} opened={opened && dialog === 'finish'} onClose={() => setDialog(null)} /> : null}
            {mounted.has('settle') ? <SettleCourseDialog course={c} opened={opened && dialog === 'settle'} onClose={() => setDialog(null)} /> : null}
          </Suspense>
        </>
      ) : null}
    </>
  );
}
