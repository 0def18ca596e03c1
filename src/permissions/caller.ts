/**
 * What the permission policies need to know about whoever makes a request:
 * an app, or a user acting through a session (docs/api.md#authentication, docs/api.md#permissions).
 */
export type Caller =
  | { readonly kind: 'app'; readonly permissions: number }
  | { readonly kind: 'user'; readonly permissions: number; readonly accountId: string; readonly teamId: number | null };

/** True when `caller` is the account `accountId` itself. */
export function isSelf(caller: Caller, accountId: string): boolean {
  return caller.kind === 'user' && caller.accountId === accountId;
}

/** True when `caller` is a user who belongs to team `teamId` (a real team, not "none"). */
export function isMemberOf(caller: Caller, teamId: number | null): boolean {
  return caller.kind === 'user' && teamId !== null && caller.teamId === teamId;
}
