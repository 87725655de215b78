import { Center, Loader } from '@mantine/core';

/** Shown while a route's code is downloading (slow networks: keep it calm and centered). */
export function RouteLoader({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Center h={fullPage ? '100dvh' : 240} data-testid="route-loader">
      <Loader aria-label="Chargement" />
    </Center>
  );
}
