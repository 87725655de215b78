import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRIGGER_MESSAGES, type TPenaltyTrigger, type TPenaltyTriggerInput } from '@flotte/contract/penalty-triggers';
import { ApiError } from '../../api/api-error.ts';
import { toast, toastApiError } from '../../ui/toast.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { useVehicleGroups } from '../vehicle-groups/queries.ts';
import { triggerKeys, triggersApi } from './trigger-api.ts';
import { conditionErrors, draftOf, emptyDraft, errorsOfStep, serverErrors, submitCheck, triggerBody, type TriggerDraft, type TriggerErrors, type TriggerStep } from './trigger-form.ts';
import { TriggerActionsFields } from './TriggerActionsFields.tsx';
import { TriggerConditionsFields } from './TriggerConditionsFields.tsx';

export interface TriggerFormDialogProps {
  opened: boolean;
  /** null creates a trigger. */
  trigger: TPenaltyTrigger | null;
  onClose: () => void;
}

const STEP_TITLES: Record<TriggerStep, string> = { conditions: 'Déclencheurs', actions: 'Actions' };

/**
 * The penalty trigger form of spec 000: the 'Déclencheurs' dialog (title, description, time or
 * amount), whose 'Continuer' checks that step and opens the 'Actions' dialog (lock, buzzer or
 * notification, auto-cancel, vehicle groups), whose 'Enregistrer' saves. 'Retour' keeps what was
 * typed. Needs GEOLOCK (the page shows the button only then).
 */
export function TriggerFormDialog({ opened, trigger, onClose }: TriggerFormDialogProps) {
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const park = useActingPark();
  const currency = park?.currency;
  const groups = useVehicleGroups(opened ? (park?.id ?? null) : null);
  const [step, setStep] = useState<TriggerStep>('conditions');
  const [draft, setDraft] = useState<TriggerDraft>(emptyDraft);
  const [errors, setErrors] = useState<TriggerErrors>({});

  // Each opening starts afresh, from the trigger being edited if any.
  useEffect(() => {
    if (!opened) return;
    setStep('conditions');
    setDraft(trigger ? draftOf(trigger, currency) : emptyDraft());
    setErrors({});
  }, [opened, trigger, currency]);

  const change = (patch: Partial<TriggerDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // A field changed loses its message; a new action or calculation type, its step's messages.
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[(key === 'percent' || key === 'fixed_amount' ? 'percentage' : key) as keyof TriggerErrors];
      if ('selected_action' in patch) return errorsOfStep(next, 'conditions');
      if ('calculation_type' in patch || 'action_type' in patch) {
        delete next.percentage;
        delete next.grace_days;
        delete next.grace_hours;
      }
      return next;
    });
  };

  const save = useMutation({
    mutationFn: (body: TPenaltyTriggerInput) => (trigger ? triggersApi.update(trigger.id, body) : triggersApi.create(body)),
    meta: { errorToast: false },
  });

  const proceed = () => {
    const found = conditionErrors(draft, currency);
    setErrors(found);
    if (Object.keys(found).length === 0) setStep('actions');
  };

  const submit = async () => {
    const checked = submitCheck(draft, currency);
    setErrors(checked.errors);
    if (checked.step) {
      setStep(checked.step);
      return;
    }
    try {
      await save.mutateAsync(triggerBody(draft, currency));
      toast.success(TRIGGER_MESSAGES.saved);
      void queryClient.invalidateQueries({ queryKey: triggerKeys.all });
      onClose();
    } catch (error) {
      const placed = error instanceof ApiError ? serverErrors(error.fieldErrors) : null;
      if (placed?.step) {
        setErrors(placed.errors);
        setStep(placed.step);
      }
      if (!placed?.step || placed.unplaced > 0) toastApiError(error);
    }
  };

  const groupOptions = groups.data
    ? groups.data.map((g) => ({ value: g.id, label: g.title }))
    : (trigger?.vehicle_groups ?? []).map((g) => ({ value: g.id, label: g.title }));

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={STEP_TITLES[step]}
      size="lg"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      data-testid="trigger-dialog"
      data-step={step}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (step === 'conditions') proceed();
          else void submit();
        }}
        data-testid={`trigger-step-${step}`}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed" data-testid="trigger-step-name">
            Étape {step === 'conditions' ? 1 : 2} sur 2&nbsp;: {step === 'conditions' ? 'quand le déclencheur agit' : 'ce qu’il fait'}
          </Text>
          {step === 'conditions' ? (
            <TriggerConditionsFields draft={draft} errors={errors} onChange={change} />
          ) : (
            <TriggerActionsFields draft={draft} errors={errors} onChange={change} groups={groupOptions} groupsLoading={groups.isPending} />
          )}
          <Group justify="space-between">
            {step === 'conditions' ? (
              <Button variant="default" onClick={onClose} data-testid="trigger-cancel">
                Annuler
              </Button>
            ) : (
              <Button variant="default" onClick={() => setStep('conditions')} disabled={save.isPending} data-testid="trigger-back">
                Retour
              </Button>
            )}
            <Button type="submit" loading={save.isPending} data-testid={step === 'conditions' ? 'trigger-continue' : 'trigger-save'}>
              {step === 'conditions' ? 'Continuer' : 'Enregistrer'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
