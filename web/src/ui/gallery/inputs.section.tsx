import { useState, type ReactNode } from 'react';
import { Code, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CountrySelect, CountrySelectView } from '../countries/CountrySelect.tsx';
import { callingCodeFor, COUNTRY_FETCH_ERROR, SEEN_COUNTRIES } from '../countries/countries.ts';
import { ActiveFilterToggle, type ActiveFilter } from '../inputs/ActiveFilterToggle.tsx';
import { AmountInput } from '../inputs/AmountInput.tsx';
import { EmailInput } from '../inputs/EmailInput.tsx';
import { PhoneInput } from '../inputs/PhoneInput.tsx';
import { Money } from '../Money.tsx';

function Case({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export default function InputsSection() {
  const [phone, setPhone] = useState('');
  const [optionalPhone, setOptionalPhone] = useState('+237690000000');
  const [email, setEmail] = useState('');
  const [country, setCountry] = useState<string | null>(null);
  const [offline, setOffline] = useState<string | null>('CI');
  const [amount, setAmount] = useState<number | null>(1234567.5);
  const [active, setActive] = useState<ActiveFilter>('enable');

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      <Case title="Montants">
        <Text size="sm">
          XAF : <Money amount={1234567.5} currency="XAF" data-testid="inputs-money-xaf" />
        </Text>
        <Text size="sm">
          Négatif, arrondi : <Money amount={-2500.126} currency="XOF" data-testid="inputs-money-negative" />
        </Text>
        <Text size="sm">
          Devise du parc : <Money amount={15000} data-testid="inputs-money-park" />
        </Text>
        <Text size="sm">
          Sans montant : <Money amount={null} data-testid="inputs-money-empty" />
        </Text>
        <AmountInput label="Montant" value={amount} onChange={setAmount} currency="XAF" testId="inputs-amount" />
        <Text size="sm">
          Valeur : <Code data-testid="inputs-amount-output">{amount === null ? 'aucune' : String(amount)}</Code>
        </Text>
      </Case>

      <Case title="Filtre actifs / désactivés">
        <ActiveFilterToggle value={active} onChange={setActive} testId="inputs-active-filter" />
        <Text size="sm">
          Filtre envoyé : <Code data-testid="inputs-active-filter-output">{active}</Code>
        </Text>
      </Case>

      <Case title="Téléphone (requis)">
        <PhoneInput value={phone} onChange={setPhone} required testId="inputs-phone" />
        <Text size="sm">
          Envoyé : <Code data-testid="inputs-phone-output">{phone || 'aucun'}</Code>
        </Text>
        <PhoneInput label="Téléphone (facultatif, pré-rempli)" value={optionalPhone} onChange={setOptionalPhone} testId="inputs-phone-optional" />
        <Text size="sm">
          Envoyé : <Code data-testid="inputs-phone-optional-output">{optionalPhone || 'aucun'}</Code>
        </Text>
      </Case>

      <Case title="Email (requis)">
        <EmailInput value={email} onChange={setEmail} required testId="inputs-email" />
        <Text size="sm">
          Saisi : <Code data-testid="inputs-email-output">{email || 'aucun'}</Code>
        </Text>
        <EmailInput value="" onChange={() => undefined} disabled label="Email (désactivé)" testId="inputs-email-disabled" />
      </Case>

      <Case title="Pays (GET /api/location/country)">
        <CountrySelect value={country} onChange={setCountry} testId="inputs-country" />
        <Text size="sm">
          Choisi : <Code data-testid="inputs-country-output">{country ?? 'aucun'}</Code>
        </Text>
        <CountrySelectView
          label="Pays (chargement)"
          countries={[]}
          loading
          value={null}
          onChange={() => undefined}
          testId="inputs-country-loading"
        />
        <CountrySelectView
          label="Pays (échec du chargement)"
          countries={[]}
          loadError={COUNTRY_FETCH_ERROR}
          onRetry={() => undefined}
          value={null}
          onChange={() => undefined}
          testId="inputs-country-error"
        />
        <CountrySelectView
          label="Pays (liste locale)"
          countries={SEEN_COUNTRIES}
          value={offline}
          onChange={setOffline}
          testId="inputs-country-static"
        />
        <Text size="sm">
          Indicatif : <Code data-testid="inputs-calling-code">+{callingCodeFor(SEEN_COUNTRIES.find((c) => c.iso_code === offline))}</Code>{' '}
          · inconnu : <Code data-testid="inputs-calling-code-default">+{callingCodeFor(null)}</Code>
        </Text>
      </Case>
    </SimpleGrid>
  );
}
