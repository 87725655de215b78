import { profileRoleLabel, type TProfileSummary } from '@flotte/contract';

/** What a profile is in its park, for the park menu: its city, then its roles in French (the owner's code is OWNER). */
export function profileDetail(profile: TProfileSummary): string {
  const role = profileRoleLabel(profile.role, profile.roles.map((r) => r.name));
  return [profile.park.city, role].filter(Boolean).join(' · ');
}
