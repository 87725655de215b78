import { useEffect, useState } from 'react';
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COURSE_MESSAGES, type TCourseDetail } from '@flotte/contract/courses';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { usePermissions } from '../auth/permissions.ts';
import { CourseCaisseSelect } from './CourseCaisseSelect.tsx';
import { caisseError, settleBody } from './course-payment.ts';
import { coursesApi } from './courses-api.ts';
import { courseKeys, invalidatedByPayment } from './queries.ts';

export interface SettleCourseDialogProps {
  course: TCourseDetail;
  opened: boolean;
  onClose: () => void;
}

/** 'Régler': the client pays what he owes for a finished course, into a caisse (his receivable is cleared). */
export function SettleCourseDialog({ course, opened, onClose }: SettleCourseDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const queryClient = useQueryClient();
  const cashAccess = usePermissions().can('ACCESS_CAISSE_CASH');
  const [caisse, setCaisse] = useState<string | null>(null);
  useEffect(() => {
    if (opened) setCaisse(null);
  }, [opened, course.id]);

  const settle = useMutation({ mutationFn: () => coursesApi.settle(course.id, settleBody(caisse)), meta: { errorToast: false } });

  async function submit() {
    const failed = caisseError(caisse, { cashAccess });
    if (failed) {
      toast.error(failed);
      return;
    }
    try {
      const saved = await settle.mutateAsync();
      queryClient.setQueryData(courseKeys.detail(course.id), saved);
      toast.success(COURSE_MESSAGES.settled);
      for (const key of invalidatedByPayment) void queryClient.invalidateQueries({ queryKey: key });
      onClose();
    } catch (error) {
      toastApiError(error);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Régler la course" size="md" fullScreen={fullScreen} data-testid="course-settle-dialog">
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
            </Stack>
            <Money amount={course.amount} fw={700} size="lg" />
          </Group>
        </Paper>
        <CourseCaisseSelect value={caisse} onChange={setCaisse} cashAccess={cashAccess} enabled={opened} testId="course-settle-caisse" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button onClick={() => void submit()} loading={settle.isPending} data-testid="course-settle-submit">
            Enregistrer le règlement
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
