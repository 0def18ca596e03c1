import { parsePermissionNames } from '../permissions/permission.js';

/**
 * Option parsers shared by the CLI commands (contract §9). Each throws an
 * Error with a message for the operator; the CLI prints it and exits 1.
 */
export function parsePermissionList(value: string): number {
  return parsePermissionNames(value);
}

/** Parses a positive integer id argument. */
export function parseIdArgument(value: string | undefined, what: string): number {
  if (value === undefined || !/^\d{1,10}$/.test(value) || Number(value) < 1) throw new Error(`${what} must be a positive integer, got "${value ?? ''}".`);
  return Number(value);
}
