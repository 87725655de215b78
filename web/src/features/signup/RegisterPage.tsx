import { LoadError } from '../../ui/LoadError.tsx';
import { useState } from 'react';
import { Alert, Anchor, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { queryClient } from '../../api/query-client.ts';
import { CONTRACT_PARK_COUNTRIES } from '../parks/park-countries.ts';
import { SignupWizard } from './SignupWizard.tsx';
import { signupApi } from './signup-api.ts';

/**
 * /auth/register, 'Créer un compte': whether sign-up is open, then the steps. Its own chunk, with
 * TanStack Query (the phone field's country list needs it), hence the provider here: the sign-in
 * screens have none, and only link here.
 */
export default function RegisterPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <Register />
    </QueryClientProvider>
  );
}

function Register() {
  const options = useQuery({ queryKey: ['signup', 'options'], queryFn: ({ signal }) => signupApi.options(signal), staleTime: 60_000 });
  const [closedMeanwhile, setClosedMeanwhile] = useState(false);

  if (options.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    );
  }
  if (options.isError) {
    return (
      <Stack gap="md">
        <Title order={1} fz="h3">
          Créer un compte
        </Title>
        <LoadError title="Impossible de charger l’inscription" error={options.error} onRetry={() => void options.refetch()} testId="signup-load-error" />
        <BackToSignIn />
      </Stack>
    );
  }
  if (!options.data.open || closedMeanwhile) {
    return (
      <Stack gap="md" data-testid="signup-closed">
        <Title order={1} fz="h3">
          Créer un compte
        </Title>
        <Alert color="yellow" title="Les inscriptions sont fermées">
          <Text size="sm">
            La création de compte n’est pas ouverte sur ce serveur pour le moment. Si vous avez déjà un compte, connectez-vous ;
            sinon, contactez l’équipe Flotte.
          </Text>
        </Alert>
        <BackToSignIn />
      </Stack>
    );
  }
  // The server's list, or the contract's if it sent none: a park always has a country to choose.
  const countries = options.data.countries.length ? options.data.countries : CONTRACT_PARK_COUNTRIES;
  return <SignupWizard countries={countries} onClosed={() => setClosedMeanwhile(true)} />;
}

function BackToSignIn() {
  return (
    <Anchor component={Link} to="/auth/login" ta="center" size="sm" data-testid="signup-back-to-login">
      Retour à la connexion
    </Anchor>
  );
}
