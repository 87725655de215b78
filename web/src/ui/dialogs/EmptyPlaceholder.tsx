import type { ReactNode } from 'react';
import { Button, EmptyState } from '@mantine/core';
import { InboxIcon } from './icons.tsx';

export interface EmptyPlaceholderProps {
  /** What is missing, in the spec's words ('Aucun élément trouvé', "Vous n'avez pas encore programmé de course !"). */
  text: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** The next step a person can take from here (e.g. 'Programmer une course'). */
  action?: { label: string; onClick: () => void };
  testId?: string;
  size?: 'sm' | 'md';
}

/** What an empty list shows instead of nothing: an icon, the text, and optionally the way forward. */
export function EmptyPlaceholder({ text, description, icon, action, testId = 'empty-placeholder', size = 'md' }: EmptyPlaceholderProps) {
  return (
    <EmptyState
      data-testid={testId}
      size={size}
      withIndicatorBackground
      icon={icon ?? <InboxIcon size={size === 'sm' ? 20 : 26} />}
      title={text}
      description={description}
      py={size === 'sm' ? 'md' : 'xl'}
    >
      {action ? (
        <Button variant="light" mt="sm" onClick={action.onClick} data-testid={`${testId}-action`}>
          {action.label}
        </Button>
      ) : null}
    </EmptyState>
  );
}
