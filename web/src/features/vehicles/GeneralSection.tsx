import { Box, ColorSwatch, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { circulationYears, type TVehicleInputParsed } from '@flotte/contract/vehicles';
import { ImageUpload } from '../../ui/uploads/ImageUpload.tsx';
import { DayInput } from './DayTimeInputs.tsx';
import type { GeneralFormValues } from './general-form.ts';
import { OwnerSelect } from './OwnerSelect.tsx';
import { ContractTypeSelect } from './ContractTypeSelect.tsx';
import { useBrands, useColors, useModels, useVehicleTypes } from './queries.ts';

export interface GeneralImages {
  /** New images picked, not yet uploaded. */
  files: File[];
  /** The vehicle's current images (signed links) and their stored paths, same order. */
  existing: { url: string; path: string }[];
}

export interface GeneralSectionProps {
  form: UseFormReturn<GeneralFormValues, unknown, TVehicleInputParsed>;
  parkId: string;
  images: GeneralImages;
  onImagesChange: (images: GeneralImages) => void;
}

const selectProps = { searchable: true, comboboxProps: { withinPortal: true }, nothingFoundMessage: 'Aucun élément trouvé' } as const;

/** Step 1 of the wizard, and the 'general' update: photos, identity, papers and owner of the vehicle. */
export function GeneralSection({ form, parkId, images, onImagesChange }: GeneralSectionProps) {
  const { control, register, setValue, watch, formState } = form;
  const errors = formState.errors;
  const brandId = watch('brand_id');
  const types = useVehicleTypes();
  const brands = useBrands();
  const models = useModels(brandId ? Number(brandId) : null);
  const colors = useColors();
  const colorById = new Map((colors.data ?? []).map((c) => [String(c.id), c]));
  const years = circulationYears(new Date().getFullYear()).map((y) => ({ value: String(y), label: String(y) }));

  const refSelect = (name: 'vehicle_type_id' | 'brand_id' | 'model_id' | 'color_id', label: string, data: { id: number; name: string }[] | undefined, extra: { required?: boolean; disabled?: boolean; placeholder?: string; onPicked?: () => void } = {}) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          {...selectProps}
          ref={field.ref}
          label={label}
          withAsterisk={extra.required}
          placeholder={extra.placeholder ?? 'Sélectionnez'}
          data={(data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          value={field.value}
          onChange={(v) => {
            field.onChange(v);
            extra.onPicked?.();
          }}
          onBlur={field.onBlur}
          disabled={extra.disabled}
          clearable={!extra.required}
          error={fieldState.error?.message}
          data-testid={`vehicle-${name.replace(/_id$/, '').replace(/_/g, '-')}`}
        />
      )}
    />
  );

  return (
    <Stack gap="lg">
      <ImageUpload
        label="Photos du véhicule"
        multiple
        value={images.files}
        onChange={(files) => onImagesChange({ ...images, files })}
        existingUrls={images.existing.map((e) => e.url)}
        onRemoveExisting={(url) => onImagesChange({ ...images, existing: images.existing.filter((e) => e.url !== url) })}
        testId="vehicle-images"
      />

      <Box>
        <Title order={3} fz="md" mb="sm">
          Informations générales
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {refSelect('vehicle_type_id', 'Type de véhicule', types.data, { required: true })}
          {refSelect('brand_id', 'Marque', brands.data, { required: true, onPicked: () => setValue('model_id', null) })}
          {refSelect('model_id', 'Modèle', models.data, { required: true, disabled: !brandId, placeholder: brandId ? 'Sélectionnez' : "Choisissez d'abord la marque" })}
          <Controller
            control={control}
            name="color_id"
            render={({ field, fieldState }) => (
              <Select
                {...selectProps}
                ref={field.ref}
                label="Couleur"
                withAsterisk
                placeholder="Sélectionnez"
                data={(colors.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                leftSection={field.value && colorById.get(field.value) ? <ColorSwatch color={colorById.get(field.value)!.hex} size={16} /> : null}
                renderOption={({ option }) => (
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch color={colorById.get(option.value)?.hex ?? '#fff'} size={16} />
                    <Text size="sm">{option.label}</Text>
                  </Group>
                )}
                error={fieldState.error?.message}
                data-testid="vehicle-color"
              />
            )}
          />
          <TextInput
            label="Immatriculation"
            withAsterisk
            placeholder="AB-123-CD"
            autoComplete="off"
            {...register('registration_number')}
            error={errors.registration_number?.message}
            data-testid="vehicle-registration"
          />
          <TextInput label="Libellé" placeholder="Ex. Taxi 12" autoComplete="off" {...register('label')} error={errors.label?.message} data-testid="vehicle-label" />
          <TextInput label="Numéro de châssis" autoComplete="off" {...register('chassis_number')} error={errors.chassis_number?.message} data-testid="vehicle-chassis" />
          <TextInput
            label="Numéro GPS"
            description="Numéro IMEI du traceur, 10 à 20 chiffres"
            inputMode="numeric"
            autoComplete="off"
            {...register('gps_number')}
            error={errors.gps_number?.message}
            data-testid="vehicle-gps"
          />
        </SimpleGrid>
      </Box>

      <Box>
        <Title order={3} fz="md" mb="sm">
          Kilométrage et dates
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {(['mileage', 'mileage_for_vidange'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field, fieldState }) => (
                <NumberInput
                  ref={field.ref}
                  label={name === 'mileage' ? 'Kilométrage' : 'Kilométrage de la prochaine vidange'}
                  suffix=" km"
                  thousandSeparator=","
                  allowNegative={false}
                  allowDecimal={false}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  data-testid={`vehicle-${name.replace(/_/g, '-')}`}
                />
              )}
            />
          ))}
          <Controller
            control={control}
            name="circulation_at"
            render={({ field, fieldState }) => (
              <Select
                {...selectProps}
                ref={field.ref}
                label="Année de mise en circulation"
                placeholder="Sélectionnez"
                data={years}
                value={field.value}
                onChange={field.onChange}
                clearable
                error={fieldState.error?.message}
                data-testid="vehicle-circulation"
              />
            )}
          />
          {(['entry_fleet_at', 'insurance_subscription_at'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field, fieldState }) => (
                <DayInput
                  label={name === 'entry_fleet_at' ? 'Entrée dans la flotte' : "Souscription de l'assurance"}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  testId={`vehicle-${name.replace(/_/g, '-')}`}
                />
              )}
            />
          ))}
        </SimpleGrid>
      </Box>

      <Box>
        <Title order={3} fz="md" mb="sm">
          Propriété
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={control}
            name="vehicle_owner_id"
            render={({ field, fieldState }) => <OwnerSelect parkId={parkId} value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
          />
          <Controller
            control={control}
            name="contract_type_id"
            render={({ field, fieldState }) => <ContractTypeSelect value={field.value ?? null} onChange={field.onChange} error={fieldState.error?.message} />}
          />
        </SimpleGrid>
        <TextInput
          mt="md"
          label="Étiquettes"
          description="Séparées par des virgules, ex. VTC, climatisé"
          autoComplete="off"
          {...register('tags')}
          error={errors.tags?.message ?? firstNestedMessage(errors.tags)}
          data-testid="vehicle-tags"
        />
      </Box>
    </Stack>
  );
}

/** A tag's own error (tags.2) when the list as a whole has none. */
function firstNestedMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  for (const value of Object.values(error as Record<string, unknown>)) {
    if (value && typeof value === 'object' && 'message' in value && typeof (value as { message: unknown }).message === 'string') return (value as { message: string }).message;
  }
  return undefined;
}
