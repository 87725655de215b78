import { Card, Input, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { HourInput } from './DayTimeInputs.tsx';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { WEEK_DAYS, type TRecipeConfigParsed } from '@flotte/contract/vehicles';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import { useYangoConnection } from '../yango/useYangoConnection.ts';
import { COLLECTION_METHOD_LABELS, COLLECTION_TYPE_LABELS, FREQUENCY_LABELS, YANGO_NOT_CONFIGURED, YANGO_OBJECTIVE_TEXT, type RecipeFormValues } from './recipe-form.ts';

const MONTH_DAYS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

/**
 * Step 3 of the wizard, and the 'recipe' update: the automatic revenue the driver owes (an
 * objective or a dynamic amount), how often and when it is collected, and how it is paid.
 */
export function RecipeSection({ form }: { form: UseFormReturn<RecipeFormValues, unknown, TRecipeConfigParsed> }) {
  const { control, watch } = form;
  const type = watch('collection_type');
  const frequency = watch('freequency');
  // 'Recette Yango' can be chosen once the park is connected to Yango (issue 21 section 4).
  const yangoReady = useYangoConnection().data?.connected === true;
  // Three labels side by side don't fit a phone: one under the other there.
  const narrow = useMediaQuery('(max-width: 36em)');

  return (
    <Card withBorder radius="md" padding="md" data-testid="recipe-section">
      <Title order={3} fz="md" mb="sm">
        Recettes automatiques
      </Title>
      <Stack gap="md">
        <Controller
          control={control}
          name="manage_in_vtc"
          render={({ field }) => (
            <Switch
              label="Gérer les recettes de ce véhicule"
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
              data-testid="recipe-manage"
            />
          )}
        />
        <Controller
          control={control}
          name="collection_type"
          render={({ field, fieldState }) => (
            <Input.Wrapper label="Type de recette" error={fieldState.error?.message} description={yangoReady ? undefined : YANGO_NOT_CONFIGURED}>
              <SegmentedControl
                fullWidth
                orientation={narrow ? 'vertical' : 'horizontal'}
                mt={4}
                value={field.value}
                onChange={(v) => field.onChange(v)}
                data={(['recipe_objective', 'without_recipe_objective', 'yango_recipe'] as const).map((t) => ({
                  value: t,
                  label: COLLECTION_TYPE_LABELS[t],
                  disabled: t === 'yango_recipe' && !yangoReady && field.value !== 'yango_recipe',
                }))}
                data-testid="recipe-type"
              />
            </Input.Wrapper>
          )}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {type === 'recipe_objective' ? (
            <Controller
              control={control}
              name="amount"
              render={({ field, fieldState }) => (
                <AmountInput
                  label="Objectif de recette"
                  required
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  testId="recipe-amount"
                />
              )}
            />
          ) : type === 'yango_recipe' ? (
            <Text size="sm" c="dimmed" mt="lg" data-testid="recipe-yango-objective">
              {YANGO_OBJECTIVE_TEXT}
            </Text>
          ) : (
            <Text size="sm" c="dimmed" mt="lg">
              Montant dynamique : le chauffeur verse ce qu'il a réellement encaissé.
            </Text>
          )}
          <Controller
            control={control}
            name="salary_amount"
            render={({ field, fieldState }) => (
              <AmountInput
                label="Salaire du chauffeur"
                description="Facultatif"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                testId="recipe-salary"
              />
            )}
          />
          <Controller
            control={control}
            name="freequency"
            render={({ field, fieldState }) => (
              <Select
                label="Fréquence de paiement"
                data={(['daily', 'weekly', 'monthly'] as const).map((f) => ({ value: f, label: FREQUENCY_LABELS[f]! }))}
                value={field.value}
                onChange={(v) => v && field.onChange(v)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                error={fieldState.error?.message}
                data-testid="recipe-frequency"
              />
            )}
          />
          {frequency === 'weekly' ? (
            <Controller
              control={control}
              name="collect_day"
              render={({ field, fieldState }) => (
                <Select
                  label="Jour de collecte"
                  placeholder="Sélectionnez"
                  data={WEEK_DAYS.map((d) => ({ value: String(d.id), label: d.name }))}
                  value={field.value}
                  onChange={field.onChange}
                  comboboxProps={{ withinPortal: true }}
                  error={fieldState.error?.message}
                  data-testid="recipe-collect-day"
                />
              )}
            />
          ) : null}
          {frequency === 'monthly' ? (
            <Controller
              control={control}
              name="monthly_day"
              render={({ field, fieldState }) => (
                <Select
                  label="Jour du mois"
                  placeholder="Sélectionnez"
                  data={MONTH_DAYS}
                  value={field.value}
                  onChange={field.onChange}
                  comboboxProps={{ withinPortal: true }}
                  error={fieldState.error?.message}
                  data-testid="recipe-monthly-day"
                />
              )}
            />
          ) : null}
          <Controller
            control={control}
            name="collect_time"
            render={({ field, fieldState }) => (
              <HourInput label="Heure de collecte" value={field.value} onChange={field.onChange} error={fieldState.error?.message} testId="recipe-collect-time" />
            )}
          />
          <Controller
            control={control}
            name="collection_method"
            render={({ field, fieldState }) => (
              <Select
                label="Mode de collecte"
                data={(['both', 'cash', 'mobile_money'] as const).map((m) => ({ value: m, label: COLLECTION_METHOD_LABELS[m] }))}
                value={field.value}
                onChange={(v) => v && field.onChange(v)}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                error={fieldState.error?.message}
                data-testid="recipe-method"
              />
            )}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
