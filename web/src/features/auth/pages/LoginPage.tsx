import { useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, NativeSelect, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { LOGIN_TYPES, LOGIN_TYPE_LABELS, type TLoginType } from '@flotte/contract/constants';
import { ZLogin, type TLogin } from '@flotte/contract/auth';
import { ApiError } from '../../../api/api-error.ts';
import { api } from '../../../api/client.ts';
import { toastApiError } from '../../../ui/toast.ts';
import { usePending } from '../../../ui/usePending.ts';
import { authApi } from '../auth-api.ts';
import { IDENTIFIER_FIELD_PATHS, parseIdentifier } from '../identifier.ts';
import { useAuthFlow } from './AuthLayout.tsx';
import { IdentifierInput } from '../IdentifierInput.tsx';

const TYPE_OPTIONS = LOGIN_TYPES.map((type) => ({ value: type, label: LOGIN_TYPE_LABELS[type] }));
type Field = 'type' | 'identifier' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * 'Créer un compte' only where the server takes sign-ups (GET /api/register). Asked when this
 * screen's code loads (main.tsx preloads it with the app) rather than after its first render, so
 * the answer is usually there when the form shows and the button doesn't appear under it a moment
 * later. A plain call, not a query: TanStack Query and the sign-up's code stay off this first
 * screen; a failure hides the link.
 */
let signupOpenAnswer: boolean | null = null;
const signupOpenAsked = api.get<{ open: boolean }>('/register').then(
  (options) => (signupOpenAnswer = options.open === true),
  () => (signupOpenAnswer = false),
);

/** Server field paths (`credentials.password`...) to this form's fields. */
function fieldOf(path: string): Field | undefined {
  if ((IDENTIFIER_FIELD_PATHS as readonly string[]).includes(path)) return 'identifier';
  if (path === 'credentials.password' || path === 'password') return 'password';
  if (path === 'type') return 'type';
  return undefined;
}

/**
 * Step 1 of sign-in: account type, email or phone, password; the server then sends a code.
 * Plain state and the contract's zod schema rather than react-hook-form: three fields do not need
 * it, and leaving it out keeps ~13 kB gzip off the first screen people load on slow networks.
 */
export default function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { setChallenge } = useAuthFlow();
  const [type, setType] = useState<TLoginType>('proprietaire');
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const login = usePending((body: TLogin) => authApi.login(body));
  const [signupOpen, setSignupOpen] = useState(signupOpenAnswer === true);
  useEffect(() => {
    void signupOpenAsked.then(setSignupOpen);
  }, []);

  function clearError(field: Field) {
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (login.pending) return;
    const parsedIdentifier = parseIdentifier(identifier);
    const recipient = parsedIdentifier.ok ? parsedIdentifier.recipient : null;
    // The contract's own schema has the last word on what is sent.
    const checked = ZLogin.safeParse({ type, credentials: { ...recipient, password } });
    const found: FieldErrors = {};
    if (!parsedIdentifier.ok) found.identifier = parsedIdentifier.message;
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = fieldOf(issue.path.join('.'));
      if (field && !found[field]) found[field] = issue.message;
    }
    setErrors(found);
    if (!recipient || !checked.success || Object.keys(found).length) return;

    try {
      const answer = await login.run(checked.data);
      setChallenge({ ...answer, recipient, type });
      navigate({ pathname: '/auth/otp', search: searchParams.toString() });
    } catch (error) {
      const server: FieldErrors = {};
      for (const { field, message } of error instanceof ApiError ? error.fieldErrors : []) {
        const target = fieldOf(field);
        if (target && !server[target]) server[target] = message;
      }
      if (Object.keys(server).length) setErrors(server);
      else toastApiError(error); // e.g. 'Identifiant ou mot de passe incorrect.'
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate data-testid="login-form">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h3">
            Connexion
          </Title>
          <Text size="sm" c="dimmed">
            Connectez-vous pour gérer votre flotte.
          </Text>
        </div>
        <NativeSelect
          label="Type de compte"
          data={TYPE_OPTIONS}
          value={type}
          onChange={(event) => {
            setType(event.currentTarget.value as TLoginType);
            clearError('type');
          }}
          error={errors.type}
          data-testid="login-type"
        />
        <IdentifierInput
          value={identifier}
          onChange={(value) => {
            setIdentifier(value);
            clearError('identifier');
          }}
          error={errors.identifier}
          testId="login-identifier"
        />
        <PasswordInput
          label="Mot de passe"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            clearError('password');
          }}
          error={errors.password}
          data-testid="login-password"
        />
        <Group justify="flex-end" mt={-8}>
          <Button
            variant="subtle"
            size="compact-sm"
            type="button"
            onClick={() => navigate({ pathname: '/auth/forgot-password', search: searchParams.toString() })}
            data-testid="forgot-password-link"
          >
            Mot de passe oublié ?
          </Button>
        </Group>
        <Button type="submit" fullWidth loading={login.pending} data-testid="login-submit">
          Se connecter
        </Button>
        {signupOpen ? (
          <Button component={Link} to="/auth/register" variant="light" fullWidth data-testid="register-link">
            Créer un compte
          </Button>
        ) : null}
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/chauffeur/connexion" data-testid="driver-sign-in-link">
            Vous êtes chauffeur ? Connectez-vous avec votre téléphone
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
