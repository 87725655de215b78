import { Button, Radio, Stack } from '@mantine/core';
import type { TYangoAccount } from '@flotte/contract';
import { YANGO_MESSAGES } from '@flotte/contract';
import { EmptyPlaceholder } from '../../ui/dialogs/EmptyPlaceholder.tsx';
import { PhoneInput } from '../../ui/inputs/PhoneInput.tsx';
import { YangoAccountCard } from './YangoAccountCard.tsx';

export interface YangoSearchStepProps {
  phone: string;
  onPhoneChange: (phone: string) => void;
  /** Null until the 8 characters of the spec are there: the button stays disabled. */
  searchable: boolean;
  searching: boolean;
  onSearch: () => void;
  /** Null before the first search. */
  results: TYangoAccount[] | null;
  chosen: string | null;
  onChoose: (yangoId: string) => void;
}

/** Step 1: the phone with its country code, 'Rechercher sur Yango', and the profiles found. */
export function YangoSearchStep({ phone, onPhoneChange, searchable, searching, onSearch, results, chosen, onChoose }: YangoSearchStepProps) {
  return (
    <Stack gap="md" data-testid="yango-search-step">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (searchable && !searching) onSearch();
        }}
      >
        <Stack gap="sm">
          <PhoneInput value={phone} onChange={onPhoneChange} label="Téléphone du chauffeur sur Yango" required testId="yango-phone" />
          <Button type="submit" variant="light" disabled={!searchable} loading={searching} data-testid="yango-search">
            {YANGO_MESSAGES.search}
          </Button>
        </Stack>
      </form>
      {results === null ? null : results.length === 0 ? (
        <EmptyPlaceholder size="sm" text={YANGO_MESSAGES.notFound} description={YANGO_MESSAGES.notFoundHint} testId="yango-not-found" />
      ) : (
        <Radio.Group value={chosen} onChange={onChoose} label="Compte Yango" data-testid="yango-results">
          <Stack gap="xs" mt={6}>
            {results.map((a) => (
              <YangoAccountCard key={a.yango_id} account={a} />
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Stack>
  );
}
