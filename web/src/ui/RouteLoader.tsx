import { Center, Loader } from '@mantine/core';

/**
 * Shown while a route's code is downloading (slow networks: keep it calm and centered). Inside the
 * signed-in frame it takes the screen's whole height below the header, as the screen will, so the
 * page doesn't grow from a short box once the screen arrives.
 */
export function RouteLoader({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Center
      h={fullPage ? '100dvh' : undefined}
      mih={fullPage ? undefined : 'calc(100dvh - var(--app-shell-header-offset, 0rem) - 2 * var(--app-shell-padding, 0rem))'}
      data-testid="route-loader"
    >
      <Loader aria-label="Chargement" />
    </Center>
  );
}
