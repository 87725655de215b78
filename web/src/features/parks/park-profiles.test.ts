import { describe, expect, it } from 'vitest';
import type { TProfileSummary } from '@flotte/contract';
import { profileDetail } from './park-profiles.ts';

const park = { id: 'p', name: 'Flotte Démo', code: 'FD', city: 'Douala', currency: 'XAF', country_code: 'CM', phone_code: '237', legal_notice: null, time_zone: 'Africa/Douala', logo: null };

describe('park menu', () => {
  it('says Propriétaire for an owner, never the role code', () => {
    const owner: TProfileSummary = { id: '1', type: 'proprietaire', role: 'OWNER', roles: [], park };
    expect(profileDetail(owner)).toBe('Douala · Propriétaire');
  });

  it("lists an administrator's roles, and says when he has none", () => {
    const agent: TProfileSummary = { id: '2', type: 'agent', role: 'ADMIN', roles: [{ id: 'r', name: 'Caissier' }, { id: 's', name: 'Planificateur' }], park: { ...park, city: null } };
    expect(profileDetail(agent)).toBe('Caissier, Planificateur');
    expect(profileDetail({ ...agent, roles: [] })).toBe('Aucun rôle');
  });
});
