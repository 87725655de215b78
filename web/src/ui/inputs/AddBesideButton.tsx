import { ActionIcon, Tooltip } from '@mantine/core';

/**
 * The '+' beside a select that opens the dialog creating a missing entry (owner, contract type,
 * document type). `hasError` keeps it level with the input when the select shows an error below it.
 */
export function AddBesideButton({ label, onClick, hasError, testId }: { label: string; onClick: () => void; hasError?: boolean; testId: string }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="light" size={36} onClick={onClick} aria-label={label} mb={hasError ? 22 : 0} data-testid={testId}>
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M12 5v14M5 12h14" />
        </svg>
      </ActionIcon>
    </Tooltip>
  );
}
