import { useState } from 'react';
import { Box, Center, Paper, Stack, Text } from '@mantine/core';
import { Outlet, useOutletContext } from 'react-router';
import type { TLoginAnswer, TLoginType } from '@flotte/contract';
import { Wordmark } from '../../../ui/Wordmark.tsx';
import type { Recipient } from '../identifier.ts';

/** The code challenge between the credentials step and the OTP step (memory only). */
export interface LoginChallenge extends TLoginAnswer {
  recipient: Recipient;
  type: TLoginType;
}

interface AuthFlow {
  challenge: LoginChallenge | null;
  setChallenge: (challenge: LoginChallenge | null) => void;
}

/**
 * Frame of every /auth screen: wordmark and one narrow card that fits a 360 px phone. From the
 * top rather than centred: what a screen adds once an answer comes (the sign-in's 'Créer un
 * compte') then grows the card downwards instead of moving everything above it.
 */
export default function AuthLayout() {
  const [challenge, setChallenge] = useState<LoginChallenge | null>(null);
  return (
    <Box component="main" mih="100dvh" px="md" pb="md" pt={{ base: 'xl', sm: '12vh' }} bg="var(--mantine-color-gray-0)">
      <Stack w="100%" maw={420} mx="auto" gap="lg">
        <Center>
          <Wordmark size={36} />
        </Center>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }}>
          <Outlet context={{ challenge, setChallenge } satisfies AuthFlow} />
        </Paper>
        <Box>
          <Text size="xs" c="dimmed" ta="center">
            Flotte · gestion de flotte VTC et location
          </Text>
        </Box>
      </Stack>
    </Box>
  );
}

export function useAuthFlow(): AuthFlow {
  return useOutletContext<AuthFlow>();
}
