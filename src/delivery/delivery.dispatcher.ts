/**
 * Hands pending deliveries to whatever sends them: the BullMQ queue when
 * `REDIS_URL` is set, the in-process runner otherwise (docs/api.md#operating).
 */
export abstract class DeliveryDispatcher {
  /** Moves the deliveries that are due to their sender; errors are thrown (the pump retries). */
  abstract dispatch(): Promise<void>;

  /** Waits for work this process started (graceful shutdown). */
  abstract drain(): Promise<void>;

  /** Deliveries this process is sending now (what `drain` waits for); none when a queue's workers send them. */
  inProgress(): number {
    return 0;
  }
}
