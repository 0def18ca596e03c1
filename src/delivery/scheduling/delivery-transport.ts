import type { Admission } from '../deliveries.repository.js';

/**
 * How admitted deliveries reach the code that attempts them: the BullMQ
 * queue when Redis is configured, the API process itself otherwise
 * (docs/api.md#isolation-between-apps). The {@link DeliveryScheduler} decides what is
 * admitted and in which order; a transport only carries it.
 */
export abstract class DeliveryTransport {
  /** How many more deliveries this transport takes now (`Infinity`: a queue takes any number). */
  abstract capacity(): number;

  /** How many more of app `appId`'s deliveries it takes now (`Infinity`: no limit of its own). */
  abstract roomFor(appId: number): number;

  /**
   * Takes admitted deliveries, in the order given.
   * @returns those it did not take (the scheduler puts them back to wait).
   * @throws when it could take none (Redis away): the scheduler puts them all back.
   */
  abstract hand(admissions: readonly Admission[]): Promise<readonly Admission[]>;

  /** Finds admitted deliveries the transport lost (a job Redis dropped, a process that died) and hands or releases them. */
  abstract repair(): Promise<void>;

  /** Waits for work this process started (graceful shutdown). */
  abstract drain(): Promise<void>;

  /** Sets what is called each time an attempt this process made ended (the pump's refill); a queue's workers call it themselves. */
  whenIdle(listener: () => void): void {
    void listener;
  }

  /** Deliveries this process is attempting now (what `drain` waits for); none when a queue's workers attempt them. */
  inProgress(): number {
    return 0;
  }
}
