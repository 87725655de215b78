import { TextInput } from '@mantine/core';

interface IdentifierInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  autoFocus?: boolean;
  testId: string;
}

/** 'Email ou téléphone': how a person names their account on every sign-in form. */
export function IdentifierInput({ value, onChange, error, autoFocus, testId }: IdentifierInputProps) {
  return (
    <TextInput
      label="Email ou téléphone"
      placeholder="exemple@mail.com ou +237600000000"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      autoFocus={autoFocus}
      data-testid={testId}
    />
  );
}
