import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@flotte/contract';
import { permissionsOf } from './access.queries.ts';

describe('permissionsOf', () => {
  it("gives an owner every permission whatever they hold, from one shared set that can't be changed", () => {
    const a = permissionsOf('OWNER', []);
    expect([...a].sort()).toEqual([...new Set(ALL_PERMISSIONS)].sort());
    expect(permissionsOf('OWNER', ['x'])).toBe(a);
    expect(() => a.add(ALL_PERMISSIONS[0])).toThrow();
    expect(() => a.delete(ALL_PERMISSIONS[0])).toThrow();
    expect(() => a.clear()).toThrow();
    expect(a.size).toBe(new Set(ALL_PERMISSIONS).size);
  });

  it('gives anyone else only what their roles hold, in a set of their own', () => {
    const held = permissionsOf('AGENT', []);
    expect(held.size).toBe(0);
    expect(permissionsOf('AGENT', [])).not.toBe(held);
  });
});
