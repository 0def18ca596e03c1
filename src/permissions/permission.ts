/**
 * Permission bits, least significant first (docs/api.md#permissions).
 */
export enum Permission {
  ManagePermissions = 1,
  ManageAccountTeams = 2,
  ManageAccountDetails = 4,
  ManageTeams = 8,
  AuthenticateUsers = 16,
  ManageOwnTeam = 32,
  ManageAwards = 64,
}

/** The permission names of docs/api.md#permissions, in bit order. */
export const PERMISSION_NAMES: Readonly<Record<Permission, string>> = {
  [Permission.ManagePermissions]: 'manage_permissions',
  [Permission.ManageAccountTeams]: 'manage_account_teams',
  [Permission.ManageAccountDetails]: 'manage_account_details',
  [Permission.ManageTeams]: 'manage_teams',
  [Permission.AuthenticateUsers]: 'authenticate_users',
  [Permission.ManageOwnTeam]: 'manage_own_team',
  [Permission.ManageAwards]: 'manage_awards',
};

/** `[bit, name]` of every permission, in bit order. */
const PERMISSION_BITS: readonly (readonly [Permission, string])[] = Object.values(Permission)
  .filter((bit): bit is Permission => typeof bit === 'number')
  .map((bit) => [bit, PERMISSION_NAMES[bit]] as const);

/** Every defined bit (bits 0..6). */
export const ALL_PERMISSIONS = 127;

/** Bits an app may hold: all but `manage_own_team` (95, docs/api.md#operating `--all-permissions`). */
export const APP_PERMISSIONS = ALL_PERMISSIONS & ~Permission.ManageOwnTeam;

/** Bits an account may hold: all but `authenticate_users`. */
export const ACCOUNT_PERMISSIONS = ALL_PERMISSIONS & ~Permission.AuthenticateUsers;

/** True when `held` contains every bit of `required`. */
export function hasPermissions(held: number, required: number): boolean {
  return (held & required) === required;
}

/**
 * Parses a comma-separated list of permission names (`manage_teams,manage_awards`).
 *
 * @returns the combined bits.
 * @throws Error naming the first unknown permission.
 */
export function parsePermissionNames(list: string): number {
  const byName = new Map(PERMISSION_BITS.map(([bit, name]) => [name, bit]));
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .reduce((bits, name) => {
      const bit = byName.get(name);
      if (bit === undefined) throw new Error(`Unknown permission "${name}". Known: ${[...byName.keys()].join(', ')}`);
      return bits | bit;
    }, 0);
}

/** The names of the bits set in `bits`, in bit order. */
export function permissionNames(bits: number): string[] {
  return PERMISSION_BITS.filter(([bit]) => (bits & bit) !== 0).map(([, name]) => name);
}
