import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';

/**
 * Last resort for a screen that crashed or whose code failed to download (a dropped mobile
 * connection, or a new version deployed meanwhile): reloading fixes both.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center mih="100dvh" p="md" data-testid="route-error">
        <Stack align="center" gap="sm" maw={420}>
          <Title order={1} fz="h3" ta="center">
            Une erreur est survenue
          </Title>
          <Text c="dimmed" ta="center">
            La page n’a pas pu s’afficher. Vérifiez votre connexion internet puis rechargez la page.
          </Text>
          <Button onClick={() => window.location.reload()}>Recharger la page</Button>
        </Stack>
      </Center>
    );
  }
}
