import { useEffect, useState } from 'react';
import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { COURSE_MESSAGES, COURSE_PAYMENT_MODE_LABELS, COURSE_PAYMENT_MODES, type TCourseDetail, type TCoursePaymentMode } from '@flotte/contract/courses';
import { usePermissions } from '../auth/permissions.ts';
import { CaisseSelect } from '../operations/CaisseSelect.tsx';
import { CourseMoneySummary, useCoursePayment } from './CoursePaymentParts.tsx';
import { finishBody, finishError } from './course-payment.ts';
import { coursesApi } from './courses-api.ts';

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
  const cashAccess = usePermissions().can('ACCESS_CAISSE_CASH');
  const [mode, setMode] = useState<TCoursePaymentMode>('caisse');
  const [caisse, setCaisse] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setMode('caisse');
      setCaisse(null);
    }
  }, [opened, course.id]);

  const finish = useCoursePayment({ course, send: () => coursesApi.setStatus(course.id, finishBody(mode, caisse)), success: COURSE_MESSAGES.finished, onDone: onClose });
  const submit = () => finish.submit(() => finishError(mode, caisse, { cashAccess }));

  return (
    <Modal opened={opened} onClose={onClose} title="Terminer la course" size="md" fullScreen={fullScreen} data-testid="course-finish-dialog">
      <Stack gap="md">
        <CourseMoneySummary course={course} withTrip />
        <Radio.Group label="Paiement" value={mode} onChange={(v) => setMode(v as TCoursePaymentMode)} data-testid="course-finish-mode">
          <Stack gap="xs" mt={6}>
            {COURSE_PAYMENT_MODES.map((m) => (
              <Radio key={m} value={m} label={COURSE_PAYMENT_MODE_LABELS[m]} data-testid={`course-finish-mode-${m}`} />
            ))}
          </Stack>
        </Radio.Group>
        {mode === 'caisse' ? <CaisseSelect value={caisse} onChange={setCaisse} cashAccess={cashAccess} enabled={opened} testId="course-finish-caisse" /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button onClick={() => void submit()} loading={finish.pending} data-testid="course-finish-submit">
            Terminer la course
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
