import { describe, expect, it } from 'vitest';

import {
  ACCOUNT_PERMISSIONS,
  ALL_PERMISSIONS,
  APP_PERMISSIONS,
  Permission,
  hasPermissions,
  parsePermissionNames,
  permissionNames,
} from './permission.js';

describe('permission bits (docs/api.md#permissions table)', () => {
  it.each([
    [Permission.ManagePermissions, 1, 'manage_permissions'],
    [Permission.ManageAccountTeams, 2, 'manage_account_teams'],
    [Permission.ManageAccountDetails, 4, 'manage_account_details'],
    [Permission.ManageTeams, 8, 'manage_teams'],
    [Permission.AuthenticateUsers, 16, 'authenticate_users'],
    [Permission.ManageOwnTeam, 32, 'manage_own_team'],
    [Permission.ManageAwards, 64, 'manage_awards'],
  ])('bit %i has value %i and name %s', (bit, value, name) => {
    expect(bit).toBe(value);
    expect(permissionNames(value)).toEqual([name]);
    expect(parsePermissionNames(name)).toBe(value);
  });

  it('apps hold every bit but manage_own_team (95), accounts every bit but authenticate_users (111)', () => {
    expect(ALL_PERMISSIONS).toBe(127);
    expect(APP_PERMISSIONS).toBe(95);
    expect(ACCOUNT_PERMISSIONS).toBe(111);
  });

  it('hasPermissions needs every required bit', () => {
    expect(hasPermissions(1 | 8, 1 | 8)).toBe(true);
    expect(hasPermissions(1, 1 | 8)).toBe(false);
    expect(hasPermissions(0, 0)).toBe(true);
  });

  it('parses comma-separated names, ignoring blanks and spaces', () => {
    expect(parsePermissionNames('manage_teams, manage_awards,,')).toBe(72);
    expect(parsePermissionNames('')).toBe(0);
  });

  it('rejects an unknown name, naming it', () => {
    expect(() => parsePermissionNames('manage_teams,fly')).toThrow(/Unknown permission "fly"/);
  });

  it('lists names in bit order', () => {
    expect(permissionNames(95)).toEqual([
      'manage_permissions',
      'manage_account_teams',
      'manage_account_details',
      'manage_teams',
      'authenticate_users',
      'manage_awards',
    ]);
    expect(permissionNames(0)).toEqual([]);
  });
});
