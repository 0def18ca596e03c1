/** The event types apps can register callbacks for (docs/api.md#events). */
export const EVENT_TYPES = ['account_team_update'] as const;

/** One of {@link EVENT_TYPES}. */
export type EventType = (typeof EVENT_TYPES)[number];

/** True when `name` is a defined event type. */
export function isEventType(name: string): name is EventType {
  return (EVENT_TYPES as readonly string[]).includes(name);
}
