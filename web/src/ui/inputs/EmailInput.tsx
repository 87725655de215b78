import { useState, type ReactNode } from 'react';
import { TextInput } from '@mantine/core';
import { emailError } from './contact-validation.ts';

export interface EmailInputProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  required?: boolean;
  /** A form's error; when given it replaces the field's own check. */
  error?: ReactNode;
  disabled?: boolean;
  testId?: string;
}

/**
 * Email field with the contract's check ('Format d'email invalide', "L'email est requis !"), shown
 * once the person has left the field and kept up to date as they correct it.
 */
export function EmailInput({
  value,
  onChange,
  onBlur,
  label = 'Email',
  description,
  placeholder = 'exemple@domaine.com',
  required = false,
  error,
  disabled,
  testId = 'email-input',
}: EmailInputProps) {
  const [touched, setTouched] = useState(false);
  const ownError = touched && error === undefined ? emailError(value, required) : null;
  return (
    <TextInput
      type="email"
      inputMode="email"
      autoComplete="email"
      label={label}
      description={description}
      placeholder={placeholder}
      required={required}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={() => {
        setTouched(true);
        onBlur?.();
      }}
      error={error ?? ownError ?? undefined}
      disabled={disabled}
      data-testid={testId}
    />
  );
}
