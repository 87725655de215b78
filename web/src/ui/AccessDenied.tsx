import { Button, Center, EmptyState } from '@mantine/core';
import { Link } from 'react-router';
import { ErrorCodes } from '@flotte/contract';

export const ACCESS_DENIED_MESSAGE = ErrorCodes.FORBIDDEN.message; // spec wording, typo included

/** The state a screen shows to a person who lacks its permission. */
export function AccessDenied({ description = ACCESS_DENIED_MESSAGE, backHome = true }: { description?: string; backHome?: boolean }) {
  return (
    <Center py="xl" px="md">
      <EmptyState data-testid="access-denied" variant="light" color="red" icon={<LockIcon />} title="Accès refusé" description={description}>
        {backHome ? (
          <Button component={Link} to="/dashboard" mt="sm">
            Retour au tableau de bord
          </Button>
        ) : null}
      </EmptyState>
    </Center>
  );
}

function LockIcon() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
