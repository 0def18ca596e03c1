/** Permission bits for test apps and accounts, beside those src/permissions/permission.ts exports. */

/** No permission bit at all (docs/api.md#permissions): an app that may only read and listen for callbacks. */
export const NO_PERMISSIONS = 0;
