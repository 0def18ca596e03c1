import type { EventType } from '../events/event-type.js';
import type { CallbackEntity } from './callback.entity.js';

/**
 * What delivery/ reads and records on the `callbacks` table
 * (docs/architecture.md#tables): a ping's callback, the relay's fan-out, each
 * callback's health, the end of a secret's rotation grace and the disabled
 * gauge. `CallbacksStoreModule` provides it (the {@link CallbacksRepository}
 * instance) under {@link DELIVERY_CALLBACKS}: delivery/ injects
 * `@Inject(DELIVERY_CALLBACKS) callbacks: DeliveryCallbacks`. Times are Unix
 * seconds.
 */
export interface DeliveryCallbacks {
  /** @returns the app's callback for `event`, row-locked until commit (MySQL), or `null`. */
  findLocked(appId: number, event: EventType): Promise<CallbackEntity | null>;
  /** The callbacks registered for any of `types`, by id (the relay's fan-out). */
  listeningTo(types: readonly string[]): Promise<CallbackEntity[]>;
  /** Records a delivery that succeeded at `now`: ends the callback's failing run. */
  recordSuccess(id: number, now: number): Promise<void>;
  /** Records a delivery that failed for good at `now`. @returns whether this disabled the callback (after `disableAfterSeconds` of failures; 0: never). */
  recordFailure(id: number, now: number, disableAfterSeconds: number): Promise<boolean>;
  /** Forgets replaced secrets whose grace ended by `now`. @returns how many. */
  clearExpiredSecrets(now: number): Promise<number>;
  /** How many callbacks are disabled (the `callbacks_disabled` gauge). */
  countDisabled(): Promise<number>;
}

/** The injection token of {@link DeliveryCallbacks}. */
export const DELIVERY_CALLBACKS = Symbol('DeliveryCallbacks');
