import { describe, expect, it } from 'vitest';
import { ACTION_PERMISSION_CODES, ALL_PERMISSIONS, expandPermissions, impliedBy, IMPLIED_PERMISSIONS, PERMISSION_GROUPS, TAB_VIEW_CODES } from './permissions.ts';

describe('permission catalogue', () => {
  it('has the 24 action permissions and 21 tab views of the spec, plus MANAGE_CONTRACTS, MANAGE_COURSES and VIEW_COURSES', () => {
    expect(ACTION_PERMISSION_CODES).toHaveLength(26);
    expect(TAB_VIEW_CODES).toHaveLength(22);
  });

  it('files every permission in exactly one role-editor group', () => {
    const grouped = PERMISSION_GROUPS.flatMap((g) => g.permissions);
    expect([...grouped].sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(new Set(grouped).size).toBe(grouped.length);
  });

  it('implies only permissions that exist', () => {
    for (const [key, implied] of Object.entries(IMPLIED_PERMISSIONS)) {
      expect(ALL_PERMISSIONS).toContain(key);
      for (const p of implied ?? []) expect(ALL_PERMISSIONS).toContain(p);
    }
  });

  it('expands related permissions transitively and ignores unknown codes', () => {
    const held = expandPermissions(['UPDATE_SUBSCRIPTION', 'NOT_A_PERMISSION']);
    expect([...held].sort()).toEqual(['READ_SUBSCRIPTION', 'UPDATE_SUBSCRIPTION', 'VIEW_SUBSCRIPTION']);
    expect(impliedBy('GEOLOCK').sort()).toEqual(['READ_GEOLOCALISATION', 'VIEW_PHONE_GPS', 'VIEW_VEHICLE_GPS']);
  });
});

describe('permission descriptions', () => {
  it('describe every permission in a French sentence', async () => {
    const { PERMISSION_DESCRIPTIONS } = await import('./permission-descriptions.ts');
    expect(Object.keys(PERMISSION_DESCRIPTIONS).sort()).toEqual([...ALL_PERMISSIONS].sort());
    for (const code of ALL_PERMISSIONS) expect(PERMISSION_DESCRIPTIONS[code], code).toMatch(/^[A-ZÉ].+\.$/);
  });
});
