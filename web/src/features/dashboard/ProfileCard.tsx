import { Avatar, Badge, Card, Group, Table, Text, Title } from '@mantine/core';
import { LOGIN_TYPE_LABELS, OWNER_ROLE, type TUser } from '@flotte/contract';
import { initials } from '../../app/layout/UserMenu.tsx';
import { Row } from './ParkCard.tsx';

/** Who is signed in, as which profile. */
export function ProfileCard({ user }: { user: TUser }) {
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  const isOwner = user.isOwner || user.role === OWNER_ROLE;
  return (
    <Card withBorder radius="md" padding="md" data-testid="profile-card">
      <Title order={2} fz="h4" mb="sm">
        Profil
      </Title>
      <Group wrap="nowrap" mb="sm">
        <Avatar src={user.image} size={48} radius="xl" color="brand" alt="">
          {initials(user.first_name, user.last_name)}
        </Avatar>
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate="end" data-testid="profile-name">
            {fullName}
          </Text>
          <Group gap={6} mt={2}>
            <Badge variant="light" size="sm">
              {LOGIN_TYPE_LABELS[user.user_type]}
            </Badge>
            {isOwner ? (
              <Badge variant="light" color="teal" size="sm">
                Propriétaire de la flotte
              </Badge>
            ) : null}
          </Group>
        </div>
      </Group>
      <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4} fz="sm">
        <Table.Tbody>
          <Row label="Rôle" value={isOwner ? 'Propriétaire' : user.role_names.join(', ') || 'Aucun rôle'} />
          {user.ets_name ? <Row label="Entreprise" value={user.ets_name} /> : null}
          <Row label="Type de compte" value={user.owner_type === 'professionnel' ? 'Professionnel' : 'Particulier'} />
          <Row label="Email" value={user.email ?? 'Non renseigné'} />
          <Row label="Téléphone" value={user.phone ?? 'Non renseigné'} />
        </Table.Tbody>
      </Table>
    </Card>
  );
}
