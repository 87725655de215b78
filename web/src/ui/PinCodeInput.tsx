import { Input, PinInput } from '@mantine/core';
import { PIN_LENGTH } from '@flotte/contract';

interface PinCodeInputProps {
  /** Visible label, also the accessible name of the first box (e.g. 'Code PIN'). */
  label: string;
  /** Base id: the boxes get `${id}-1` ... `${id}-5`. */
  id: string;
  value: string;
  onChange: (value: string) => void;
  onComplete?: (value: string) => void;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  testId: string;
}

/**
 * The 5-digit masked PIN boxes. The first box carries the field's label so a screen reader (and a
 * test's getByLabel) finds the field; typing or pasting all 5 digits there fills every box.
 */
export function PinCodeInput({ label, id, value, onChange, onComplete, error, disabled, autoFocus, testId }: PinCodeInputProps) {
  return (
    // Not Input.Wrapper: its context would give all five boxes the same id.
    <div data-testid={`${testId}-field`}>
      <Input.Label htmlFor={`${id}-1`}>{label}</Input.Label>
      <PinInput
        id={id}
        length={PIN_LENGTH}
        type="number"
        mask
        oneTimeCode={false}
        size="md" // 5 boxes + gaps stay inside a 360 px screen, dialog padding included
        gap="xs"
        value={value}
        // Completion is told from the value itself: Mantine's onComplete did not fire again after
        // the boxes were reset by a wrong PIN, which left a second try waiting for a click.
        onChange={(next) => {
          onChange(next);
          if (next.length === PIN_LENGTH && next !== value) onComplete?.(next);
        }}
        error={Boolean(error)}
        disabled={disabled}
        autoFocus={autoFocus}
        ariaLabel={label}
        mt={4}
        data-testid={testId}
        getInputProps={(index) =>
          index === 0
            ? { 'data-testid': `${testId}-first`, 'aria-describedby': error ? `${id}-error` : undefined }
            : { 'aria-label': `Chiffre ${index + 1} sur ${PIN_LENGTH}` }
        }
      />
      {error ? (
        <Input.Error id={`${id}-error`} mt={6}>
          {error}
        </Input.Error>
      ) : null}
    </div>
  );
}
