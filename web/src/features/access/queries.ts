import { useQuery } from '@tanstack/react-query';
import { accessApi } from './access-api.ts';

/** Query keys of access management; a mutation refreshes only the lists it touches. */
export const accessKeys = {
  all: ['access'] as const,
  catalog: () => [...accessKeys.all, 'catalog'] as const,
  roles: () => [...accessKeys.all, 'roles'] as const,
  admins: () => [...accessKeys.all, 'admins'] as const,
  profilePermissions: (profileId: string) => [...accessKeys.all, 'profile-permissions', profileId] as const,
};

/** The permission catalogue changes only with releases. */
export function usePermissionCatalog() {
  return useQuery({
    queryKey: accessKeys.catalog(),
    queryFn: ({ signal }) => accessApi.permissionCatalog(signal),
    staleTime: Infinity,
  });
}

export function useRoles(enabled = true) {
  return useQuery({ queryKey: accessKeys.roles(), queryFn: ({ signal }) => accessApi.roles(signal), enabled });
}

export function useProfilePermissions(profileId: string | null) {
  return useQuery({
    queryKey: accessKeys.profilePermissions(profileId ?? ''),
    queryFn: ({ signal }) => accessApi.profilePermissions(profileId!, signal),
    enabled: profileId !== null,
  });
}
