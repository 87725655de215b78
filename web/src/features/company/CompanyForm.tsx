import { useMemo, useState } from 'react';
import { Button, Card, Fieldset, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { TParkDetail } from '@flotte/contract';
import { SERVICE_SOON_DAYS_MAX, SERVICE_SOON_KM_MAX } from '@flotte/contract/reminders';
import type { Country } from '../../ui/countries/countries.ts';
import { showFormError } from '../../ui/form-errors.ts';
import { toast } from '../../ui/toast.ts';
import { authKeys } from '../auth/queries.ts';
import { companyApi } from './company-api.ts';
import { COMPANY_FIELDS, companyBody, companyDefaults, ZCompanyForm, type CompanyFormInput, type CompanyFormValues } from './company-form.ts';
import { companyKeys } from './queries.ts';
import { CountrySelect } from '../../ui/countries/CountrySelect.tsx';
import { useCountries } from '../../ui/countries/queries.ts';
import { ImageUpload } from '../../ui/uploads/ImageUpload.tsx';
import { SUCCESS_MESSAGES } from '@flotte/contract/messages';

export const COMPANY_SAVED_MESSAGE = SUCCESS_MESSAGES.COMPANY_SAVED;

/** Every IANA zone the browser knows, the park's own first if the browser lacks it. */
function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

function currencyOptions(countries: readonly Country[], current: string): string[] {
  return [...new Set([current, ...countries.map((c) => c.currency)].filter(Boolean))].sort();
}

/** 'Profil de l'entreprise': logo, name, place, currency, time zone, phone, legal notice, rules, the service reminders' 'soon'. */
export function CompanyForm({ park, canEdit }: { park: TParkDetail; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const countries = useCountries();
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const { register, control, handleSubmit, setError, setValue, reset, formState } = useForm<CompanyFormInput, unknown, CompanyFormValues>({
    resolver: zodResolver(ZCompanyForm),
    defaultValues: companyDefaults(park),
  });

  const save = useMutation({
    mutationFn: (values: CompanyFormValues) => companyApi.updatePark(park.id, companyBody(values, logo, removeLogo)),
    meta: { errorToast: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      queryClient.setQueryData(companyKeys.park(park.id), saved);
      // The header shows the park's name and logo from the current user.
      void queryClient.invalidateQueries({ queryKey: authKeys.all });
      reset(companyDefaults(saved));
      setLogo(null);
      setRemoveLogo(false);
      toast.success(COMPANY_SAVED_MESSAGE);
    } catch (error) {
      showFormError(error, setError, {}, COMPANY_FIELDS);
    }
  });

  const currencies = useMemo(() => currencyOptions(countries.data ?? [], park.currency), [countries.data, park.currency]);
  const zones = useMemo(() => timeZoneOptions(park.time_zone), [park.time_zone]);
  const dirty = formState.isDirty || logo !== null || removeLogo;

  return (
    <Card withBorder radius="md" padding="md" data-testid="company-form-card">
      <Title order={2} fz="h4" mb="md">
        Informations de l'entreprise
      </Title>
      <form onSubmit={onSubmit} noValidate data-testid="company-form">
        <Fieldset variant="unstyled" disabled={!canEdit} p={0}>
          <Stack gap="md">
            <ImageUpload
              label="Logo"
              value={logo ? [logo] : []}
              onChange={(files) => setLogo(files[0] ?? null)}
              existingUrls={park.logo_url && !removeLogo ? [park.logo_url] : []}
              onRemoveExisting={() => setRemoveLogo(true)}
              disabled={!canEdit}
              testId="company-logo"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput label="Nom de l'entreprise" withAsterisk {...register('name')} error={formState.errors.name?.message} data-testid="company-name" />
              <TextInput label="Code" value={park.code} readOnly disabled description="Le code identifie votre parc." data-testid="company-code" />
              <Controller
                control={control}
                name="country_code"
                render={({ field, fieldState }) => (
                  <CountrySelect
                    label="Pays"
                    value={field.value ?? null}
                    onChange={(iso, country) => {
                      field.onChange(iso ?? undefined);
                      // A new country usually means its currency: offered, the person may change it.
                      if (country) setValue('currency', country.currency, { shouldDirty: true });
                    }}
                    error={fieldState.error?.message}
                    disabled={!canEdit}
                    testId="company-country"
                  />
                )}
              />
              <TextInput label="Ville" {...register('city')} error={formState.errors.city?.message} data-testid="company-city" />
              <Controller
                control={control}
                name="currency"
                render={({ field, fieldState }) => (
                  <Select
                    label="Devise"
                    searchable
                    data={currencies}
                    value={field.value ?? null}
                    onChange={(v) => field.onChange(v ?? undefined)}
                    onBlur={field.onBlur}
                    nothingFoundMessage="Aucune devise trouvée"
                    error={fieldState.error?.message}
                    data-testid="company-currency"
                  />
                )}
              />
              <Controller
                control={control}
                name="time_zone"
                render={({ field, fieldState }) => (
                  <Select
                    label="Fuseau horaire"
                    searchable
                    data={zones}
                    value={field.value ?? null}
                    onChange={(v) => field.onChange(v ?? undefined)}
                    onBlur={field.onBlur}
                    limit={50}
                    nothingFoundMessage="Aucun fuseau trouvé"
                    error={fieldState.error?.message}
                    data-testid="company-time-zone"
                  />
                )}
              />
              <TextInput
                label="Téléphone"
                type="tel"
                inputMode="tel"
                placeholder={park.phone_code ? `+${park.phone_code.replace(/^\+/, '')}…` : '+237…'}
                {...register('phone')}
                error={formState.errors.phone?.message}
                data-testid="company-phone"
              />
            </SimpleGrid>
            <Textarea
              label="Mentions légales"
              autosize
              minRows={3}
              maxRows={10}
              {...register('legal_notice')}
              error={formState.errors.legal_notice?.message}
              data-testid="company-legal-notice"
            />
            <Controller
              control={control}
              name="operations_need_confirmation"
              render={({ field }) => (
                <Switch
                  label="Les opérations doivent être confirmées par le propriétaire"
                  checked={field.value ?? false}
                  onChange={(event) => field.onChange(event.currentTarget.checked)}
                  data-testid="company-operations-confirmation"
                />
              )}
            />
            <div data-testid="company-service-soon">
              <Text size="sm" fw={500}>
                Rappels d'entretien
              </Text>
              <Text size="xs" c="dimmed" mb="xs">
                Un entretien passe à « Bientôt » ce nombre de jours ou de kilomètres avant son échéance, au premier atteint.
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Controller
                  control={control}
                  name="service_soon_days"
                  render={({ field, fieldState }) => (
                    <NumberInput
                      label="Jours avant l'échéance"
                      min={1}
                      max={SERVICE_SOON_DAYS_MAX}
                      allowDecimal={false}
                      allowNegative={false}
                      suffix=" jours"
                      value={field.value as number | ''}
                      onChange={(v) => field.onChange(v === '' ? undefined : v)}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                      data-testid="company-service-soon-days"
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="service_soon_km"
                  render={({ field, fieldState }) => (
                    <NumberInput
                      label="Kilomètres avant l'échéance"
                      min={1}
                      max={SERVICE_SOON_KM_MAX}
                      allowDecimal={false}
                      allowNegative={false}
                      thousandSeparator=","
                      suffix=" km"
                      value={field.value as number | ''}
                      onChange={(v) => field.onChange(v === '' ? undefined : v)}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message}
                      data-testid="company-service-soon-km"
                    />
                  )}
                />
              </SimpleGrid>
            </div>
            {canEdit ? (
              <Group justify="flex-end">
                <Button type="submit" loading={save.isPending} disabled={!dirty} data-testid="company-submit">
                  Enregistrer
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed" data-testid="company-read-only">
                Vous pouvez consulter ces informations, mais pas les modifier.
              </Text>
            )}
          </Stack>
        </Fieldset>
      </form>
    </Card>
  );
}
