import { lazy, Suspense, type ReactNode } from 'react';
import { Anchor, Avatar, Badge, Button, Card, Group, Image, ScrollArea, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CONFIG_DEFAULTS, type TVehicleAllData } from '@flotte/contract/vehicles';
import { Money } from '../../ui/Money.tsx';
import { formatAmount } from '../../ui/format.ts';
import { alternationEvery, dayName, formatDay, slotHours, slotLabel, WORK_PLANNING_LABELS, WORK_PROGRAM_LABEL } from './planning-form.ts';
import { COLLECTION_METHOD_LABELS, FREQUENCY_LABELS, FREQUENCY_PERIOD } from './recipe-form.ts';
import { brandModel } from './vehicle-status.ts';
import { VehicleStatusDot } from './VehicleStatusDot.tsx';
import { usePermissions } from '../auth/permissions.ts';

// The last GPS position: its own chunk, for a vehicle with a GPS number seen by someone who may read positions.
const VehicleLastPosition = lazy(() => import('../gps/VehicleLastPosition.tsx').then((m) => ({ default: m.VehicleLastPosition })));

/** Spec 000 wording (typo included) for what was never filled in. */
export const NOT_DEFINED = 'Non définis';

function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  const empty = value === null || value === undefined || value === '';
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} c={empty ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {empty ? NOT_DEFINED : value}
      </Text>
    </div>
  );
}

function Section({ title, children, action, testId }: { title: string; children: ReactNode; action?: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid={testId}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={3} fz="md">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Card>
  );
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const km = (n: number | null) => (n == null ? null : `${formatAmount(n)} km`);

export interface VehicleInfoTabProps {
  vehicle: TVehicleAllData;
  /** Absent for a profile that may not configure the vehicle: the button is then not shown. */
  onConfigurePlanning?: () => void;
  onConfigureRecipe?: () => void;
}

/** 'Infos': photos, drivers and hours, general information, recipes, planning, mileage and dates. */
export function VehicleInfoTab({ vehicle: v, onConfigurePlanning, onConfigureRecipe }: VehicleInfoTabProps) {
  const config = v.config;
  const recipe = v.recipe;
  const hourly = config?.work_planning === 'hourly';
  const profiles = [...(config?.profiles ?? [])].sort((a, b) => a.position - b.position);
  const firstDriver = profiles.find((p) => p.driver_id === config?.first_driver_alternation_id)?.driver;
  const { can } = usePermissions();

  return (
    <Stack gap="md" data-testid="vehicle-info">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Title order={3} fz="h4" data-testid="vehicle-info-name">
            {v.label || brandModel(v)}
          </Title>
          <Text size="sm" ff="monospace" data-testid="vehicle-info-registration">
            {v.registration_number}
          </Text>
        </div>
        <Group gap="xs">
          <VehicleStatusDot status={v.display_status} />
          {v.group ? <Badge variant="light">{v.group.title}</Badge> : null}
        </Group>
      </Group>

      {v.images.length ? (
        <ScrollArea type="auto" offsetScrollbars>
          <Group gap="sm" wrap="nowrap" data-testid="vehicle-info-photos">
            {v.images.map((src, i) => (
              <Anchor key={src} href={src} target="_blank" rel="noreferrer" aria-label={`Photo ${i + 1}`}>
                <Image src={src} alt="" w={140} h={100} radius="md" fit="cover" loading="lazy" />
              </Anchor>
            ))}
          </Group>
        </ScrollArea>
      ) : null}

      <Section title={profiles.length > 1 ? 'Chauffeurs principaux' : 'Chauffeur principal'} testId="vehicle-info-drivers">
        {profiles.length === 0 ? (
          <Text size="sm" c="dimmed">
            Aucun chauffeur affecté
          </Text>
        ) : (
          <Stack gap="xs">
            {profiles.map((p) => {
              const name = `${p.driver.first_name} ${p.driver.last_name}`.trim();
              const hours = hourly && p.hour_interval_id ? `${slotLabel(p.hour_interval_id as 1 | 2)} : ${slotHours(config!, p.hour_interval_id as 1 | 2)}` : `${config!.start_date} – ${config!.end_date}`;
              return (
                <Group key={p.driver_id} gap="sm" wrap="nowrap" data-testid="vehicle-info-driver">
                  <Avatar src={p.driver.image} radius="xl" size={36} name={name} color="initials" alt="" />
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm" fw={500}>
                      {name}
                      {v.current_driver?.id === p.driver_id ? (
                        <Badge ml="xs" size="xs" color="green" variant="light">
                          Aujourd’hui
                        </Badge>
                      ) : null}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {p.driver.phone} · Service {hours}
                    </Text>
                  </div>
                </Group>
              );
            })}
          </Stack>
        )}
      </Section>

      {v.gps_number && can('READ_GEOLOCALISATION') ? (
        <Suspense fallback={<Skeleton h={120} radius="md" />}>
          <VehicleLastPosition vehicleId={v.id} />
        </Suspense>
      ) : null}

      <Section title="Informations générales" testId="vehicle-info-general">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Field label="Libellé" value={v.label} />
          <Field label="Type" value={v.vehicle_type?.name} />
          <Field label="Marque" value={v.brand?.name} />
          <Field label="Modèle" value={v.model?.name} />
          <Field label="Immatriculation" value={v.registration_number} />
          <Field label="Couleur" value={v.color?.name} />
          <Field label="Numéro de châssis" value={v.chassis_number} />
          <Field label="Numéro GPS" value={v.gps_number} />
          <Field label="Propriétaire" value={v.vehicle_owner?.display_name} />
          <Field label="Type de contrat" value={v.contract_type?.name} />
          <Field label="Étiquettes" value={v.tags.join(', ')} />
          <Field label="Assurance souscrite le" value={formatDay(v.insurance_subscription_at)} />
        </SimpleGrid>
      </Section>

      <Section
        title="Recettes"
        testId="vehicle-info-recipe"
        action={
          recipe || !onConfigureRecipe ? null : (
            <Button size="xs" variant="light" onClick={onConfigureRecipe} data-testid="vehicle-configure-recipe">
              Configurer les recettes
            </Button>
          )
        }
      >
        {recipe ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Field label="Gestion des recettes" value={recipe.manage_in_vtc ? 'Activée' : 'Désactivée'} testId="vehicle-info-recipe-managed" />
            <Field label="Type de collecte" value={recipe.collection_type === 'recipe_objective' ? 'Fixe' : 'Dynamique'} testId="vehicle-info-recipe-type" />
            <Field label="Fréquence de paiement" value={FREQUENCY_LABELS[recipe.freequency] ?? recipe.freequency} testId="vehicle-info-recipe-frequency" />
            <Field
              label="Objectif"
              testId="vehicle-info-recipe-amount"
              value={
                recipe.collection_type === 'recipe_objective' && recipe.amount != null ? (
                  <>
                    <Money amount={recipe.amount} /> {FREQUENCY_PERIOD[recipe.freequency] ?? ''}
                  </>
                ) : (
                  'Dynamique'
                )
              }
            />
            <Field label="Heure de collecte" value={recipe.collect_time} />
            <Field label="Mode de collecte" value={COLLECTION_METHOD_LABELS[recipe.collection_method]} />
            {recipe.freequency === 'weekly' ? <Field label="Jour de collecte" value={dayName(recipe.collect_day)} /> : null}
            {recipe.freequency === 'monthly' ? <Field label="Jour du mois" value={recipe.monthly_day} /> : null}
            <Field label="Salaire du chauffeur" value={recipe.salary_amount != null ? <Money amount={recipe.salary_amount} /> : null} />
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            Les recettes automatiques ne sont pas encore configurées.
          </Text>
        )}
      </Section>

      <Section
        title="Planning"
        testId="vehicle-info-planning"
        action={
          config ? (
            <Button size="xs" variant="light" component={Link} to={`/dashboard/schedule?vehicle_id=${v.id}`} data-testid="vehicle-work-program">
              Voir le programme de travail
            </Button>
          ) : onConfigurePlanning ? (
            <Button size="xs" variant="light" onClick={onConfigurePlanning} data-testid="vehicle-configure-planning">
              Configurer le planning de travail
            </Button>
          ) : null
        }
      >
        {config ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Field label="Programme de travail" value={`${WORK_PLANNING_LABELS[config.work_planning]} · ${WORK_PROGRAM_LABEL}`} testId="vehicle-info-work-planning" />
            <Field label="Début du service" value={config.start_date} />
            <Field label="Fin du service" value={config.end_date} />
            <Field label="Jour de paie" value={config.salary_day_config ? dayName(config.salary_day_id ?? CONFIG_DEFAULTS.salary_day_id) : null} />
            <Field label="Nombre de chauffeurs autorisés" value={config.number_drivers} />
            <Field label="Alternance" value={config.alternation ? capitalize(alternationEvery(config)) : 'Manuelle'} testId="vehicle-info-alternation" />
            {config.alternation ? <Field label="Début de l'alternance" value={formatDay(config.start_alternation_at)} /> : null}
            {config.alternation ? <Field label="Premier chauffeur" value={firstDriver ? `${firstDriver.first_name} ${firstDriver.last_name}` : null} /> : null}
            {hourly ? <Field label="Heure de passation" value={config.passation_date} /> : null}
          </SimpleGrid>
        ) : (
          <Text size="sm" c="dimmed">
            Le planning de travail n'est pas encore configuré.
          </Text>
        )}
      </Section>

      <Section title="Kilométrage et dates" testId="vehicle-info-mileage">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Field label="Kilométrage" value={km(v.mileage)} testId="vehicle-info-mileage-value" />
          <Field label="Prochaine vidange" value={km(v.mileage_for_vidange)} testId="vehicle-info-vidange" />
          <Field label="Année de mise en circulation" value={v.circulation_at} />
          <Field label="Entrée dans la flotte" value={formatDay(v.entry_fleet_at)} />
        </SimpleGrid>
      </Section>
    </Stack>
  );
}
