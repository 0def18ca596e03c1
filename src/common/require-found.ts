import { UnprocessableEntityError } from '../http/validation-error.js';

/**
 * The one "must exist" check of every write (docs/api.md#conventions: an unknown id is a
 * 422 whose `loc` says where the id came from).
 *
 * @param loc where the id came from, e.g. `['path', 'account']` or `['body', 'team']`.
 * @param resource the resource's name in the message ("Account", "Team", ...).
 * @returns `row` when it is there.
 * @throws UnprocessableEntityError (422) when `row` is `null` or `undefined`.
 */
export function requireFound<T>(row: T | null | undefined, loc: (string | number)[], resource: string): T {
  if (row === null || row === undefined) throw UnprocessableEntityError.notFound(loc, resource);
  return row;
}
