import { Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCourseDetail } from '@flotte/contract/courses';
import { Money } from '../../ui/Money.tsx';
import { toast, toastApiError } from '../../ui/toast.ts';
import { courseTrip } from './course-display.ts';
import { courseKeys, invalidatedByPayment } from './queries.ts';

/** The course a money dialog acts on: its client, reference (and trip), and amount. */
export function CourseMoneySummary({ course, withTrip = false }: { course: TCourseDetail; withTrip?: boolean }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} truncate>
            {course.client.name}
          </Text>
          <Text size="xs" c="dimmed">
            {course.reference}
          </Text>
          {withTrip ? (
            <Text size="xs" c="dimmed" truncate>
              {courseTrip(course)}
            </Text>
          ) : null}
        </Stack>
        <Money amount={course.amount} fw={700} size="lg" />
      </Group>
    </Paper>
  );
}

/**
 * Finishing and settling a course share their ending: check the form first (`check` answers the
 * message to show, or null), send, keep the course the server answers, say `success`, refresh what
 * the money moved (caisses, operations, the dashboard), close; a refusal is the server's message.
 */
export function useCoursePayment(p: { course: TCourseDetail; send: () => Promise<TCourseDetail>; success: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({ mutationFn: p.send, meta: { errorToast: false } });
  async function submit(check: () => string | null) {
    const failed = check();
    if (failed) {
      toast.error(failed);
      return;
    }
    try {
      const saved = await mutation.mutateAsync();
      queryClient.setQueryData(courseKeys.detail(p.course.id), saved);
      toast.success(p.success);
      for (const key of invalidatedByPayment) void queryClient.invalidateQueries({ queryKey: key });
      p.onDone();
    } catch (error) {
      toastApiError(error);
    }
  }
  return { submit, pending: mutation.isPending };
}
