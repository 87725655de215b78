import type { ReactNode } from 'react';
import { Button, Tooltip, type ButtonProps } from '@mantine/core';

/** The house words for an action the profile may not take. */
export const GEOLOCK_DENIED_TEXT = "Vous n'avez pas les permissions nécessaires pour effectuer cette action";

export interface TriggerWriteButtonProps extends Pick<ButtonProps, 'variant' | 'color' | 'size' | 'leftSection'> {
  /** GEOLOCK held: otherwise the button stays in place, looks disabled and says why. */
  allowed: boolean;
  onClick: () => void;
  'aria-label'?: string;
  testId: string;
  children: ReactNode;
}

/**
 * A trigger write (new, edit, delete, release). Without GEOLOCK, data-disabled rather than
 * disabled keeps the pointer and focus events the tooltip needs; the click is ignored here.
 */
export function TriggerWriteButton({ allowed, onClick, testId, children, ...buttonProps }: TriggerWriteButtonProps) {
  return (
    <Tooltip label={GEOLOCK_DENIED_TEXT} disabled={allowed} withArrow multiline w={260} events={{ hover: true, focus: true, touch: true }}>
      <Button
        {...buttonProps}
        data-disabled={allowed ? undefined : true}
        aria-disabled={!allowed}
        onClick={(e) => {
          e.stopPropagation();
          if (allowed) onClick();
        }}
        data-testid={testId}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
