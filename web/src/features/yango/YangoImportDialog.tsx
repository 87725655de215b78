import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { YANGO_MESSAGES, type TYangoAccount, type TYangoCodeSent } from '@flotte/contract';
import { callingCodeFor, SEEN_COUNTRIES, splitPhone } from '../../ui/countries/countries.ts';
import { useCountries } from '../../ui/countries/queries.ts';
import { toast } from '../../ui/toast.ts';
import { useActingPark } from '../../ui/useActingPark.ts';
import { OtpCodeForm } from '../auth/OtpCodeForm.tsx';
import { usePermissions } from '../auth/permissions.ts';
import { useConnectYangoDriver, useImportYangoDriver, useSendYangoCode, useYangoSearch } from './link-api.ts';
import { useYangoConnection } from './useYangoConnection.ts';
import { YangoOptionsFields } from './YangoOptionsFields.tsx';
import { YangoSearchStep } from './YangoSearchStep.tsx';
import {
  chosenAccount,
  collectOptions,
  defaultChoice,
  linkOptionsBody,
  previousStep,
  reusableChallenge,
  searchablePhone,
  stepLabel,
  stepsFor,
  type CollectOptions,
  type YangoLinkMode,
  type YangoStep,
} from './yango-import-steps.ts';

export interface YangoImportDialogProps {
  opened: boolean;
  /** 'import': a new driver (with a code); 'connect': `driver`, already in the park (no code). */
  mode: YangoLinkMode;
  driver?: { id: string; phone: string | null } | null;
  onClose: () => void;
  /** After an import or a connection, with the driver's id (the page may open his details). */
  onLinked?: (driverId: string) => void;
}

/**
 * 'Importer un chauffeur depuis Yango' / 'Connecter le compte Yango' (spec 000 'Partner-platform
 * import dialog'): search by phone, the import options, and for a new driver the code sent to the
 * phone Yango holds for him (his consent). 'Retour' keeps what was typed and found.
 * Needs MANAGE_DRIVER_VEHICLE and the park's Yango connection.
 */
export function YangoImportDialog({ opened, mode, driver = null, onClose, onLinked }: YangoImportDialogProps) {
  const { can, ready } = usePermissions();
  const allowed = can('MANAGE_DRIVER_VEHICLE');
  const connection = useYangoConnection(opened);
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const countries = useCountries().data ?? SEEN_COUNTRIES;
  const park = useActingPark();
  const search = useYangoSearch();
  const sendCode = useSendYangoCode();
  const importDriver = useImportYangoDriver();
  const connect = useConnectYangoDriver();

  const [step, setStep] = useState<YangoStep>('search');
  const [phone, setPhone] = useState('');
  const [searchedPhone, setSearchedPhone] = useState('');
  const [results, setResults] = useState<TYangoAccount[] | null>(null);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [options, setOptions] = useState<CollectOptions>(collectOptions());
  const [sent, setSent] = useState<{ challenge: TYangoCodeSent; yangoId: string; sentAt: number } | null>(null);

  // Each opening starts afresh; a connection starts from the driver's own phone.
  useEffect(() => {
    if (!opened) return;
    setStep('search');
    setPhone(driver?.phone ?? '');
    setSearchedPhone('');
    setResults(null);
    setChosenId(null);
    setOptions(collectOptions());
    setSent(null);
  }, [opened, driver?.id, driver?.phone]);

  const split = splitPhone(phone, countries, park?.country_code);
  const callingCode = split ? callingCodeFor(split.country) : park?.phone_code?.replace(/\D/g, '') || callingCodeFor(null);
  const searchable = searchablePhone(phone, callingCode) !== null;
  const chosen = chosenAccount(results, chosenId);
  const steps = stepsFor(mode);
  const title = mode === 'import' ? YANGO_MESSAGES.importTitle : YANGO_MESSAGES.connectTitle;

  const runSearch = async () => {
    const found = await search.mutateAsync(phone);
    setSearchedPhone(phone);
    setResults(found.items);
    setChosenId(defaultChoice(found.items));
  };

  const back = () => {
    const previous = previousStep(mode, step);
    if (previous) setStep(previous);
    else onClose();
  };

  const linked = (driverId: string, message: string) => {
    toast.success(message);
    onClose();
    onLinked?.(driverId);
  };

  const requestCode = async (account: TYangoAccount) => {
    const challenge = await sendCode.mutateAsync({ phone: searchedPhone || phone, yango_id: account.yango_id });
    setSent({ challenge, yangoId: account.yango_id, sentAt: Date.now() });
    return challenge;
  };

  const proceed = async () => {
    if (!chosen) return;
    if (mode === 'connect') {
      if (!driver) return;
      const done = await connect.mutateAsync({ driver_id: driver.id, yango_id: chosen.yango_id, ...linkOptionsBody(options) });
      linked(done.driver_id, YANGO_MESSAGES.connected);
      return;
    }
    if (!reusableChallenge(sent, chosen.yango_id, Date.now())) {
      await requestCode(chosen);
      toast.success(YANGO_MESSAGES.codeSent);
    }
    setStep('code');
  };

  const notConnected = connection.data && !connection.data.connected;
  const stepIndex = steps.indexOf(step);

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" fullScreen={fullScreen} data-testid="yango-import-dialog">
      {!ready || connection.isPending ? null : !allowed ? (
        <Stack gap="sm">
          <Alert color="blue" data-testid="yango-no-permission">
            {YANGO_MESSAGES.noPermission}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Fermer
            </Button>
          </Group>
        </Stack>
      ) : notConnected || connection.isError ? (
        <Stack gap="sm">
          <Alert color="orange" data-testid="yango-not-configured">
            {connection.isError ? connection.error.message : "Yango n'est pas encore configuré pour ce parc."}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Fermer
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Stepper active={stepIndex} size="sm" allowNextStepsSelect={false}>
            {steps.map((s, i) => (
              <Stepper.Step key={s} label={fullScreen ? undefined : stepLabel(s, mode)} aria-label={fullScreen ? `Étape ${i + 1} ${stepLabel(s, mode)}` : undefined} />
            ))}
          </Stepper>
          {fullScreen ? (
            <Text size="sm" fw={500} data-testid="yango-step-name">
              Étape {stepIndex + 1} sur {steps.length} : {stepLabel(step, mode)}
            </Text>
          ) : null}

          {step === 'search' ? (
            <>
              <YangoSearchStep
                phone={phone}
                onPhoneChange={setPhone}
                searchable={searchable}
                searching={search.isPending}
                onSearch={() => void runSearch().catch(() => undefined)}
                results={results}
                chosen={chosenId}
                onChoose={setChosenId}
              />
              <Group justify="space-between">
                <Button variant="default" onClick={back}>
                  Annuler
                </Button>
                <Button onClick={() => setStep('options')} disabled={!chosen} data-testid="yango-next">
                  Suivant
                </Button>
              </Group>
            </>
          ) : step === 'options' ? (
            <>
              {chosen ? (
                <Text size="sm" data-testid="yango-chosen">
                  Compte Yango :{' '}
                  <Text span fw={600}>
                    {`${chosen.last_name} ${chosen.first_name}`.trim()}
                  </Text>
                </Text>
              ) : null}
              <YangoOptionsFields value={options} onChange={setOptions} />
              <Group justify="space-between">
                <Button variant="default" onClick={back} data-testid="yango-back">
                  Retour
                </Button>
                <Button onClick={() => void proceed().catch(() => undefined)} loading={sendCode.isPending || connect.isPending} disabled={!chosen} data-testid="yango-continue">
                  {mode === 'import' ? 'Continuer' : 'Connecter'}
                </Button>
              </Group>
            </>
          ) : sent && chosen ? (
            <OtpCodeForm
              sentTo={sent.challenge.sent_to}
              canal="sms"
              onVerify={async (otp) => {
                const done = await importDriver.mutateAsync({ code: sent.challenge.code, otp, yango_id: chosen.yango_id, ...linkOptionsBody(options) });
                linked(done.driver_id, YANGO_MESSAGES.imported);
              }}
              onResend={async () => {
                await requestCode(chosen);
              }}
              onBack={back}
              backLabel="Retour"
            />
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
