import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ConfirmDialog } from '../dialogs/ConfirmDialog.tsx';
import { EmptyPlaceholder } from '../dialogs/EmptyPlaceholder.tsx';
import { ListDialog } from '../dialogs/ListDialog.tsx';
import type { ListFilter, ListSort } from '../dialogs/list-filter.ts';
import { toast } from '../toast.ts';

interface DemoVehicle {
  id: string;
  name: string;
  plate: string;
  active: boolean;
}
interface DemoDriver {
  id: string;
  name: string;
  phone: string;
}

const VEHICLES: DemoVehicle[] = [
  ['Toyota Corolla', 'LT-123-AB', true],
  ['Hyundai Accent', 'CE-456-CD', true],
  ['Kia Rio', 'DK-789-EF', false],
  ['Suzuki Dzire', 'AB-012-GH', true],
  ['Toyota Yaris', 'LT-345-IJ', true],
  ['Renault Logan', 'CE-678-KL', false],
  ['Peugeot 301', 'DK-901-MN', true],
  ['Nissan Almera', 'AB-234-OP', true],
].map(([name, plate, active], i) => ({ id: `v-${i + 1}`, name: name as string, plate: plate as string, active: active as boolean }));

const DRIVERS: DemoDriver[] = [
  ['Yao Kouassi', '+225 07 01 02 03 04'],
  ['Aïcha Koné', '+225 05 05 05 05 05'],
  ['Jean-Pierre Mbarga', '+237 6 90 00 00 01'],
  ['Fatou Diop', '+221 77 000 00 02'],
  ['Koffi Mensah', '+228 90 00 00 03'],
  ['Mamadou Traoré', '+225 01 00 00 04'],
].map(([name, phone], i) => ({ id: `d-${i + 1}`, name: name!, phone: phone! }));

// Spec: the active/disabled toggle reads 'Actifs' / 'Désactivés' with values enable / disabled.
const vehicleFilters: ListFilter<DemoVehicle>[] = [
  { value: 'enable', label: 'Actifs', test: (v) => v.active },
  { value: 'disabled', label: 'Désactivés', test: (v) => !v.active },
];
const vehicleSorts: ListSort<DemoVehicle>[] = [
  { value: 'name', label: 'Nom', compare: (a, b) => a.name.localeCompare(b.name, 'fr') },
  { value: 'plate', label: 'Immatriculation', compare: (a, b) => a.plate.localeCompare(b.plate, 'fr') },
];
const driverSorts: ListSort<DemoDriver>[] = [{ value: 'name', label: 'Nom', compare: (a, b) => a.name.localeCompare(b.name, 'fr') }];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function Demo({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Confirmation, list and empty-state widgets, each in the states a person can meet. */
export default function DialogsSection() {
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [dangerOpen, setDangerOpen] = useState(false);
  const [confirmCount, setConfirmCount] = useState(0);
  const [vehicleOpen, setVehicleOpen] = useState(false);
  const [vehicle, setVehicle] = useState<DemoVehicle | null>(null);
  const [driversOpen, setDriversOpen] = useState(false);
  const [drivers, setDrivers] = useState<DemoDriver[]>([]);
  const [noVehicleOpen, setNoVehicleOpen] = useState(false);

  return (
    <Stack gap="lg">
      <Demo title="Confirmation">
        <Group gap="sm">
          <Button variant="default" onClick={() => setConfirmOpen(true)} data-testid="demo-confirm-open">
            Valider la recette
          </Button>
          <Button color="red" variant="light" onClick={() => setDangerOpen(true)} data-testid="demo-danger-open">
            Annuler l'entretien
          </Button>
          <Text size="sm" c="dimmed">
            Confirmations reçues : <span data-testid="demo-confirm-count">{confirmCount}</span>
          </Text>
        </Group>
        <ConfirmDialog
          testId="demo-confirm"
          opened={confirmOpen}
          onClose={() => setConfirmOpen(false)}
          title="Valider la recette"
          message="La recette du jour sera enregistrée dans la caisse."
          onConfirm={async () => {
            await wait(800); // the request: the button spins and a second tap sends nothing
            setConfirmCount((n) => n + 1);
            toast.success('Opération réussie !');
          }}
        />
        <ConfirmDialog
          testId="demo-danger"
          danger
          opened={dangerOpen}
          onClose={() => setDangerOpen(false)}
          title="Annuler l'entretien"
          message="Êtes-vous sûr de vouloir annuler cet entretien ?"
          confirmLabel="Annuler l'entretien"
          cancelLabel="Ne pas annuler"
          onConfirm={async () => {
            await wait(400);
            toast.success('Entretien annulé');
          }}
        />
      </Demo>

      <Demo title="Liste à choix unique (recherche, filtre, tri)">
        <Group gap="sm">
          <Button variant="default" onClick={() => setVehicleOpen(true)} data-testid="demo-list-single-open">
            Choisir un véhicule
          </Button>
          <Text size="sm" data-testid="demo-list-single-value">
            {vehicle ? `${vehicle.name} (${vehicle.plate})` : ''}
          </Text>
        </Group>
        <ListDialog
          testId="demo-list-single"
          opened={vehicleOpen}
          onClose={() => setVehicleOpen(false)}
          title="Sélectionner un véhicule"
          items={VEHICLES}
          getKey={(v) => v.id}
          searchText={(v) => `${v.name} ${v.plate}`}
          renderItem={(v) => (
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <div>
                <Text size="sm" fw={500}>
                  {v.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {v.plate}
                </Text>
              </div>
              {v.active ? null : (
                <Badge variant="light" color="gray" size="sm">
                  Désactivé
                </Badge>
              )}
            </Group>
          )}
          filters={vehicleFilters}
          sorts={vehicleSorts}
          value={vehicle ? [vehicle.id] : []}
          onConfirm={([v]) => setVehicle(v ?? null)}
        />
      </Demo>

      <Demo title="Liste à choix multiple">
        <Group gap="sm">
          <Button variant="default" onClick={() => setDriversOpen(true)} data-testid="demo-list-multiple-open">
            Choisir des chauffeurs
          </Button>
          <Text size="sm" data-testid="demo-list-multiple-value">
            {drivers.map((d) => d.name).join(', ')}
          </Text>
        </Group>
        <ListDialog
          testId="demo-list-multiple"
          multiple
          opened={driversOpen}
          onClose={() => setDriversOpen(false)}
          title="Sélectionnez les chauffeurs"
          items={DRIVERS}
          getKey={(d) => d.id}
          searchText={(d) => `${d.name} ${d.phone}`}
          renderItem={(d) => (
            <div>
              <Text size="sm" fw={500}>
                {d.name}
              </Text>
              <Text size="xs" c="dimmed">
                {d.phone}
              </Text>
            </div>
          )}
          sorts={driverSorts}
          value={drivers.map((d) => d.id)}
          onConfirm={setDrivers}
        />
      </Demo>

      <Demo title="Liste vide">
        <Button variant="default" onClick={() => setNoVehicleOpen(true)} data-testid="demo-list-empty-open">
          Liste sans véhicule
        </Button>
        <ListDialog<DemoVehicle>
          testId="demo-list-empty"
          opened={noVehicleOpen}
          onClose={() => setNoVehicleOpen(false)}
          title="Sélectionner un véhicule"
          items={[]}
          getKey={(v) => v.id}
          searchText={(v) => v.name}
          renderItem={(v) => v.name}
          noItemsText="Aucun véhicule créé pour l’instant"
          noItemsAction={{ label: 'Créer un véhicule', onClick: () => toast.success('Création de véhicule (démo)') }}
          onConfirm={() => undefined}
        />
      </Demo>

      <Demo title="Liste vide (placeholder)">
        <EmptyPlaceholder
          testId="demo-empty-placeholder"
          text="Vous n'avez pas encore programmé de course !"
          description="Les courses programmées pour vos clients apparaîtront ici."
          action={{ label: 'Programmer une course', onClick: () => toast.success('Programmer une course (démo)') }}
        />
      </Demo>
    </Stack>
  );
}
