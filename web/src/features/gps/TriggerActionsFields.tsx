import { Alert, Group, MultiSelect, NumberInput, Radio, Select, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import { BUZZER_MODES, TRIGGER_ACTIONS, TRIGGER_LABELS, TRIGGER_LIMITS, TRIGGER_NOTIFICATION_TYPES } from '@flotte/contract/penalty-triggers';
import type { TriggerDraft } from './trigger-form.ts';
import { numberOrEmpty, type TriggerStepFieldsProps } from './TriggerConditionsFields.tsx';

/** The lock's safety rule, said once where the lock is chosen (issue 22 section 3). */
export const LOCK_SAFETY_TEXT = "Le moteur n'est coupé que lorsque le véhicule est à l'arrêt depuis le délai choisi.";

const AUTO_CANCEL_HELP: Record<string, string> = {
  lock: 'Le moteur est débloqué dès que la dette est réglée.',
  buzzer: "Le buzzer n'est pas déclenché si la dette est réglée entre-temps.",
  notification: "La notification n'est pas envoyée si la dette est réglée entre-temps.",
};

export interface TriggerActionsFieldsProps extends TriggerStepFieldsProps {
  groups: { value: string; label: string }[];
  groupsLoading: boolean;
}

/** 'Actions', the second step: what the trigger does (its fields follow the action), on which vehicles. */
export function TriggerActionsFields({ draft, errors, onChange, groups, groupsLoading }: TriggerActionsFieldsProps) {
  const action = draft.selected_action;
  const limits = TRIGGER_LIMITS;
  const buzzerDuration = (
    <NumberInput
      label="Durée du buzzer (secondes)"
      description={action === 'lock' ? 'Le buzzer prévient le chauffeur avant le blocage\u00a0; 0 = sans buzzer.' : '0 à 60 secondes.'}
      withAsterisk
      min={limits.buzzerDuration.min}
      max={limits.buzzerDuration.max}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      inputMode="numeric"
      suffix=" s"
      value={draft.buzzer_duration}
      onChange={(v) => onChange({ buzzer_duration: numberOrEmpty(v) })}
      error={errors.buzzer_duration}
      data-testid="trigger-buzzer-duration"
    />
  );
  return (
    <Stack gap="md">
      <Radio.Group
        label="Action"
        withAsterisk
        value={action ?? ''}
        onChange={(v) => onChange({ selected_action: v as TriggerDraft['selected_action'] })}
        error={errors.selected_action}
        data-testid="trigger-action"
      >
        <Group gap="lg" mt={6}>
          {TRIGGER_ACTIONS.map((a) => (
            <Radio key={a} value={a} label={TRIGGER_LABELS.action[a]} data-testid={`trigger-action-${a}`} />
          ))}
        </Group>
      </Radio.Group>

      {action === 'lock' ? (
        <>
          <Alert color="blue" variant="light" data-testid="trigger-lock-safety">
            {LOCK_SAFETY_TEXT}
          </Alert>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {buzzerDuration}
            <NumberInput
              label="Délai d'arrêt (minutes)"
              description="0 = immédiat"
              withAsterisk
              min={limits.stopDelay.min}
              max={limits.stopDelay.max}
              allowDecimal={false}
              allowNegative={false}
              clampBehavior="none"
              inputMode="numeric"
              suffix=" min"
              value={draft.stop_delay}
              onChange={(v) => onChange({ stop_delay: numberOrEmpty(v) })}
              error={errors.stop_delay}
              data-testid="trigger-stop-delay"
            />
          </SimpleGrid>
        </>
      ) : action === 'buzzer' ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {buzzerDuration}
          <Select
            label="Mode du buzzer"
            withAsterisk
            placeholder="Choisissez le mode"
            data={BUZZER_MODES.map((m) => ({ value: m, label: TRIGGER_LABELS.buzzerMode[m] }))}
            value={draft.buzzer_mode}
            onChange={(v) => onChange({ buzzer_mode: v as TriggerDraft['buzzer_mode'] })}
            error={errors.buzzer_mode}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            data-testid="trigger-buzzer-mode"
          />
        </SimpleGrid>
      ) : action === 'notification' ? (
        <>
          <Radio.Group
            label="Type de notification"
            value={draft.notification_type}
            onChange={(v) => onChange({ notification_type: v as TriggerDraft['notification_type'] })}
            error={errors.notification_type}
            data-testid="trigger-notification-type"
          >
            <Group gap="lg" mt={6}>
              {TRIGGER_NOTIFICATION_TYPES.map((t) => (
                <Radio key={t} value={t} label={TRIGGER_LABELS.notificationType[t]} data-testid={`trigger-notification-${t}`} />
              ))}
            </Group>
          </Radio.Group>
          <Textarea
            label="Message"
            description="Le texte envoyé au chauffeur."
            withAsterisk
            autosize
            minRows={3}
            maxRows={6}
            maxLength={500}
            value={draft.notification_message}
            onChange={(e) => onChange({ notification_message: e.currentTarget.value })}
            error={errors.notification_message}
            data-testid="trigger-notification-message"
          />
        </>
      ) : null}

      {action ? (
        <Switch
          label="Annulation automatique"
          description={AUTO_CANCEL_HELP[action]}
          checked={draft.auto_cancel}
          onChange={(e) => onChange({ auto_cancel: e.currentTarget.checked })}
          error={errors.auto_cancel}
          data-testid="trigger-auto-cancel"
        />
      ) : null}

      <MultiSelect
        label="Groupes de véhicules"
        description="Sans groupe choisi, le déclencheur s'applique à tous les véhicules."
        placeholder={draft.vehicle_group_ids.length ? undefined : 'Tous les véhicules'}
        data={groups}
        value={draft.vehicle_group_ids}
        onChange={(v) => onChange({ vehicle_group_ids: v })}
        searchable
        hidePickedOptions
        nothingFoundMessage={groupsLoading ? 'Chargement…' : 'Aucun groupe de véhicules'}
        error={errors.vehicle_group_ids}
        comboboxProps={{ withinPortal: true }}
        data-testid="trigger-groups"
      />
      <Switch
        label="Déclencheur actif"
        checked={draft.enabled}
        onChange={(e) => onChange({ enabled: e.currentTarget.checked })}
        error={errors.enabled}
        data-testid="trigger-enabled"
      />
    </Stack>
  );
}
