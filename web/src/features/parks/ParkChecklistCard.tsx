import { Card, Group, Stack, Text, ThemeIcon, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import { CheckIcon, ChevronRightIcon } from './icons.tsx';
import { checklistItems, checklistProgress } from './park-checklist.ts';
import { useParkChecklist } from './queries.ts';

/**
 * 'Pour bien démarrer': the first steps of a new park (GET /api/park/checklist), each a link to
 * its screen and ticked once done; the card leaves the home once they all are. Shown to an owner.
 * Nothing shows while it loads or if it fails: it is a help, the home works without it.
 */
export function ParkChecklistCard() {
  const checklist = useParkChecklist(true);
  if (!checklist.data || checklist.data.done) return null;
  const items = checklistItems(checklist.data);

  return (
    <Card withBorder radius="md" padding="md" data-testid="park-checklist">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4">
            Pour bien démarrer
          </Title>
          <Text size="sm" c="dimmed" data-testid="park-checklist-progress">
            {checklistProgress(items)}
          </Text>
        </div>
        <Stack gap={4} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <li key={item.step}>
              <UnstyledButton
                component={Link}
                to={item.to}
                w="100%"
                py={8}
                px={6}
                style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'block' }}
                data-testid={`park-checklist-${item.step}`}
                data-done={item.done ? 'true' : 'false'}
              >
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon
                    size={24}
                    radius="xl"
                    variant={item.done ? 'filled' : 'outline'}
                    color={item.done ? 'teal' : 'gray'}
                    style={{ flexShrink: 0 }}
                    aria-hidden
                  >
                    {item.done ? <CheckIcon size={14} /> : null}
                  </ThemeIcon>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={600} td={item.done ? 'line-through' : undefined} c={item.done ? 'dimmed' : undefined}>
                      {item.title}
                      <VisuallyHidden>{item.done ? ' (fait)' : ' (à faire)'}</VisuallyHidden>
                    </Text>
                    <Text size="xs" c="dimmed">
                      {item.hint}
                    </Text>
                  </div>
                  <span style={{ display: 'inline-flex', flexShrink: 0, color: 'var(--mantine-color-dimmed)', alignSelf: 'center' }}>
                    <ChevronRightIcon size={16} />
                  </span>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}

