import { useEffect, useState } from 'react';
import { Button, Group, Modal, Paper, Radio, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COURSE_MESSAGES, COURSE_PAYMENT_MODE_LABELS, COURSE_PAYMENT_MODES, type TCourseDetail, type TCoursePaymentMode } from '@flotte/contract/courses';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { CourseCaisseSelect } from './CourseCaisseSelect.tsx';
import { finishBody, finishError } from './course-payment.ts';
import { courseTrip } from './course-display.ts';
import { coursesApi } from './courses-api.ts';
import { courseKeys, invalidatedByPayment } from './queries.ts';

export interface FinishCourseDialogProps {
  course: TCourseDetail;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Terminer' (issue 20 section 2): the course's amount goes into a caisse now, or is left for the
 * client to pay (his receivable, settled later with 'Régler'). The ledger records either.
 */
export function FinishCourseDialog({ course, opened, onClose }: FinishCourseDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const cashAccess = usePermissions().can('ACCESS_CAISSE_CASH');
  const [mode, setMode] = useState<TCoursePaymentMode>('caisse');
  const [caisse, setCaisse] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setMode('caisse');
      setCaisse(null);
    }
  }, [opened, course.id]);

  const finish = useMutation({ mutationFn: () => coursesApi.setStatus(course.id, finishBody(mode, caisse)), meta: { errorToast: false } });

  async function submit() {
    const failed = finishError(mode, caisse, { cashAccess });
    if (failed) {
      toast.error(failed);
      return;
    }
    try {
      const saved = await finish.mutateAsync();
      queryClient.setQueryData(courseKeys.detail(course.id), saved);
      toast.success(COURSE_MESSAGES.finished);
      for (const key of invalidatedByPayment) void queryClient.invalidateQueries({ queryKey: key });
      onClose();
    } catch (error) {
      toastApiError(error);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Terminer la course" size="md" fullScreen={fullScreen} data-testid="course-finish-dialog">
      <Stack gap="md">
        <Paper withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate>
                {course.client.name}
              </Text>
              <Text size="xs" c="dimmed">
                {course.reference}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {courseTrip(course)}
              </Text>
            </Stack>
            <Money amount={course.amount} fw={700} size="lg" />
          </Group>
        </Paper>
        <Radio.Group label="Paiement" value={mode} onChange={(v) => setMode(v as TCoursePaymentMode)} data-testid="course-finish-mode">
          <Stack gap="xs" mt={6}>
            {COURSE_PAYMENT_MODES.map((m) => (
              <Radio key={m} value={m} label={COURSE_PAYMENT_MODE_LABELS[m]} data-testid={`course-finish-mode-${m}`} />
            ))}
          </Stack>
        </Radio.Group>
        {mode === 'caisse' ? <CourseCaisseSelect value={caisse} onChange={setCaisse} cashAccess={cashAccess} enabled={opened} testId="course-finish-caisse" /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button onClick={() => void submit()} loading={finish.isPending} data-testid="course-finish-submit">
            Terminer la course
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
