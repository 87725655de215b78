import { lazy, Suspense, useEffect, useState } from 'react';
import { Anchor, Container, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../../api/query-client.ts';
import { NotFoundContent } from '../../app/pages/NotFoundPage.tsx';
import { RouteLoader } from '../RouteLoader.tsx';
import { GALLERY_SECTIONS } from './sections.ts';

const sections = GALLERY_SECTIONS.map((s) => ({ ...s, Component: lazy(s.load) }));

/**
 * /dev/gallery: every shared widget in its states. Reachable only where the server runs in
 * development or demo mode (GET /api/dev/status exists there and nowhere else), so production
 * users never land on it; its code is its own chunk and costs other screens nothing.
 */
export default function GalleryPage() {
  const [devMode, setDevMode] = useState<boolean | null>(null);
  useEffect(() => {
    fetch('/api/dev/status')
      .then((r) => setDevMode(r.ok))
      .catch(() => setDevMode(false));
  }, []);

  if (devMode === null) return <RouteLoader fullPage />;
  if (!devMode) return <NotFoundContent />;

  return (
    <QueryClientProvider client={queryClient}>
      <Container size="lg" py="md" data-testid="gallery">
        <Title order={1} size="h2">
          Galerie des composants
        </Title>
        <Text c="dimmed" size="sm">
          Chaque composant partagé dans ses différents états (page de développement).
        </Text>
        <Group gap="xs" mt="sm">
          {sections.map((s) => (
            <Anchor key={s.id} href={`#${s.id}`} size="sm">
              {s.title}
            </Anchor>
          ))}
        </Group>
        <Stack gap="xl" mt="lg">
          {sections.map(({ id, title, Component }) => (
            <section key={id} id={id} data-testid={`gallery-${id}`}>
              <Title order={2} size="h3">
                {title}
              </Title>
              <Divider my="sm" />
              <Suspense fallback={<RouteLoader />}>
                <Component />
              </Suspense>
            </section>
          ))}
        </Stack>
      </Container>
    </QueryClientProvider>
  );
}
