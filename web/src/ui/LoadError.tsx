import { Alert, Button, Text } from '@mantine/core';

/** What a screen shows when its data could not load: why, in French, and 'Réessayer'. */
export function LoadError({ title, error, onRetry, testId }: { title: string; error: Error; onRetry: () => void; testId?: string }) {
  return (
    <Alert color="red" title={title} data-testid={testId}>
      <Text size="sm" mb="xs">
        {error.message}
      </Text>
      <Button size="xs" variant="light" onClick={onRetry}>
        Réessayer
      </Button>
    </Alert>
  );
}
