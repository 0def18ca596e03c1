import { APP_PERMISSIONS, parsePermissionNames, permissionNames } from '../permissions/permission.js';

/*
 * Option parsers shared by the CLI commands (docs/api.md#operating). Each throws an
 * Error with a message for the operator; the CLI prints it and exits 1.
 */

/**
 * Parses `--permissions`, `--grant` or `--revoke` (`manage_teams,manage_awards`).
 *
 * @returns the combined bits.
 * @throws Error for an unknown name, or a bit an app cannot hold (`manage_own_team`, docs/api.md#permissions).
 */
export function parsePermissionList(value: string): number {
  const bits = parsePermissionNames(value);
  const foreign = bits & ~APP_PERMISSIONS;
  if (foreign !== 0) throw new Error(`An app cannot hold ${permissionNames(foreign).join(', ')} (docs/api.md#permissions: accounts only).`);
  return bits;
}

/** Parses a positive integer id argument. */
export function parseIdArgument(value: string | undefined, what: string): number {
  const id = value !== undefined && /^\d{1,10}$/.test(value) ? Number(value) : 0;
  if (id < 1) throw new Error(`${what} must be a positive integer, got "${value ?? ''}".`);
  return id;
}

/** Parses an app name: 1..255 characters after trimming (the bound of docs/api.md#validation for names). */
export function parseAppName(value: string | undefined): string {
  const name = (value ?? '').trim();
  if (name.length === 0 || [...name].length > 255) throw new Error('The app name must have 1 to 255 characters.');
  return name;
}
