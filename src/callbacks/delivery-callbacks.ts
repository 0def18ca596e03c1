import type { CallbacksRepository } from './callbacks.repository.js';

/**
 * What delivery/ reads and records on the `callbacks` table
 * (docs/architecture.md#tables): a ping's callback, the relay's fan-out, whether
 * a callback still exists, each callback's health and the end of a secret's rotation
 * grace. `CallbacksStoreModule` provides it under {@link DELIVERY_CALLBACKS}:
 * delivery/ injects `@Inject(DELIVERY_CALLBACKS) callbacks: DeliveryCallbacks`.
 */
export type DeliveryCallbacks = Pick<
  CallbacksRepository,
  'findLocked' | 'listeningTo' | 'exists' | 'recordSuccess' | 'recordFailure' | 'clearExpiredSecrets' | 'countDisabled'
>;

/** The injection token of {@link DeliveryCallbacks}. */
export const DELIVERY_CALLBACKS = Symbol('DeliveryCallbacks');
