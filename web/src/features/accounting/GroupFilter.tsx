import { Select } from '@mantine/core';
import { useVehicleGroups } from '../vehicle-groups/queries.ts';

/** 'Groupe de véhicules': the reports of one group's vehicles, or of the whole park (cleared). */
export function GroupFilter({ parkId, value, onChange, testId }: { parkId: string; value: string | null; onChange: (id: string | null) => void; testId: string }) {
  const groups = useVehicleGroups(parkId);
  const data = (groups.data ?? []).map((g) => ({ value: g.id, label: g.title }));
  // A park without groups has nothing to filter by.
  if (groups.isSuccess && data.length === 0) return null;
  return (
    <Select
      label="Groupe de véhicules"
      placeholder="Tout le parc"
      data={data}
      value={value}
      onChange={onChange}
      clearable
      searchable
      nothingFoundMessage="Aucun élément trouvé"
      w={{ base: '100%', sm: 240 }}
      data-testid={testId}
    />
  );
}
