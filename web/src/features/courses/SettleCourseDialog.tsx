import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { COURSE_MESSAGES, type TCourseDetail } from '@flotte/contract/courses';
import { usePermissions } from '../auth/permissions.ts';
import { CaisseSelect } from '../operations/CaisseSelect.tsx';
import { CourseMoneySummary, useCoursePayment } from './CoursePaymentParts.tsx';
import { caisseError, settleBody } from './course-payment.ts';
import { coursesApi } from './courses-api.ts';

export interface SettleCourseDialogProps {
  course: TCourseDetail;
  opened: boolean;
  onClose: () => void;
}

/** 'Régler': the client pays what he owes for a finished course, into a caisse (his receivable is cleared). */
export function SettleCourseDialog({ course, opened, onClose }: SettleCourseDialogProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const cashAccess = usePermissions().can('ACCESS_CAISSE_CASH');
  const [caisse, setCaisse] = useState<string | null>(null);
  useEffect(() => {
    if (opened) setCaisse(null);
  }, [opened, course.id]);

  const settle = useCoursePayment({ course, send: () => coursesApi.settle(course.id, settleBody(caisse)), success: COURSE_MESSAGES.settled, onDone: onClose });
  const submit = () => settle.submit(() => caisseError(caisse, { cashAccess }));

  return (
    <Modal opened={opened} onClose={onClose} title="Régler la course" size="md" fullScreen={fullScreen} data-testid="course-settle-dialog">
      <Stack gap="md">
        <CourseMoneySummary course={course} />
        <CaisseSelect value={caisse} onChange={setCaisse} cashAccess={cashAccess} enabled={opened} testId="course-settle-caisse" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button onClick={() => void submit()} loading={settle.pending} data-testid="course-settle-submit">
            Enregistrer le règlement
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
