import { Group, NumberInput, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { TRIGGER_LABELS, TRIGGER_LIMITS } from '@flotte/contract/penalty-triggers';
import { AmountInput } from '../../ui/inputs/AmountInput.tsx';
import type { TriggerDraft, TriggerErrors } from './trigger-form.ts';

export interface TriggerStepFieldsProps {
  draft: TriggerDraft;
  errors: TriggerErrors;
  onChange: (patch: Partial<TriggerDraft>) => void;
}

/** Mantine's NumberInput gives '' (or a string being typed) when it holds no number. */
export const numberOrEmpty = (v: number | string): number | '' => (typeof v === 'number' && Number.isFinite(v) ? v : '');

/** 'Déclencheurs', the first step: the trigger's name and when it fires (time past the recipe's day, or debt). */
export function TriggerConditionsFields({ draft, errors, onChange }: TriggerStepFieldsProps) {
  const limits = TRIGGER_LIMITS;
  return (
    <Stack gap="md">
      <TextInput
        label="Titre"
        placeholder={'Ex.\u00a0: Retard de paiement'}
        withAsterisk
        data-autofocus
        value={draft.title}
        onChange={(e) => onChange({ title: e.currentTarget.value })}
        error={errors.title}
        maxLength={120}
        data-testid="trigger-title"
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={4}
        value={draft.description}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
        error={errors.description}
        maxLength={1000}
        data-testid="trigger-description"
      />
      <Radio.Group
        label="Type de calcul"
        value={draft.calculation_type}
        onChange={(v) => onChange({ calculation_type: v as TriggerDraft['calculation_type'] })}
        error={errors.calculation_type}
        data-testid="trigger-calculation"
      >
        <Group gap="lg" mt={6}>
          <Radio value="time" label={`${TRIGGER_LABELS.calculation.time} d'impayé`} data-testid="trigger-calculation-time" />
          <Radio value="amount" label={`${TRIGGER_LABELS.calculation.amount} de la dette`} data-testid="trigger-calculation-amount" />
        </Group>
      </Radio.Group>

      {draft.calculation_type === 'time' ? (
        <Stack gap={6}>
          <Group grow align="flex-start" gap="sm">
            <NumberInput
              label="Jours de grâce"
              min={limits.graceDays.min}
              max={limits.graceDays.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              inputMode="numeric"
              value={draft.grace_days}
              onChange={(v) => onChange({ grace_days: numberOrEmpty(v) })}
              error={errors.grace_days}
              suffix=" j"
              data-testid="trigger-grace-days"
            />
            <NumberInput
              label="Heures"
              min={limits.graceHours.min}
              max={limits.graceHours.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              inputMode="numeric"
              value={draft.grace_hours}
              onChange={(v) => onChange({ grace_hours: numberOrEmpty(v) })}
              error={errors.grace_hours}
              suffix=" h"
              data-testid="trigger-grace-hours"
            />
          </Group>
          <Text size="xs" c="dimmed">
            Le déclencheur agit quand une recette reste impayée ce temps après la fin de son jour (0 à 30 jours, 0 à 23 heures).
          </Text>
        </Stack>
      ) : (
        <>
          <Radio.Group
            label="Type de seuil"
            withAsterisk
            value={draft.action_type ?? ''}
            onChange={(v) => onChange({ action_type: v as TriggerDraft['action_type'] })}
            error={errors.action_type}
            data-testid="trigger-action-type"
          >
            <Group gap="lg" mt={6}>
              <Radio value="percentage" label={`${TRIGGER_LABELS.actionType.percentage} de l'objectif`} data-testid="trigger-action-type-percentage" />
              <Radio value="fixed" label={TRIGGER_LABELS.actionType.fixed} data-testid="trigger-action-type-fixed" />
            </Group>
          </Radio.Group>
          {draft.action_type === 'fixed' ? (
            <AmountInput
              label="Montant de la dette"
              description="Le déclencheur agit quand la dette du chauffeur atteint ce montant."
              required
              value={draft.fixed_amount}
              onChange={(v) => onChange({ fixed_amount: v })}
              error={errors.percentage}
              testId="trigger-fixed-amount"
            />
          ) : (
            <NumberInput
              label="Pourcentage"
              description="Le déclencheur agit quand la dette atteint ce pourcentage de l'objectif du chauffeur."
              withAsterisk
              min={1}
              max={100}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              inputMode="numeric"
              suffix=" %"
              value={draft.percent}
              onChange={(v) => onChange({ percent: numberOrEmpty(v) })}
              error={errors.percentage}
              data-testid="trigger-percentage"
            />
          )}
        </>
      )}
    </Stack>
  );
}
