import { Injectable } from '@nestjs/common';

import { DeliveriesRepository } from './deliveries.repository.js';
import type { DeliveryAttemptEntity } from './delivery-attempt.entity.js';

/** Most rows one `INSERT` writes. */
const MAX_BATCH = 500;

/**
 * Writes the attempt log (docs/api.md#delivery-log) by group commit: rows of attempts
 * that end while a write is in flight wait for it and then go together in
 * one multi-row `INSERT`, so a busy process writes the log in a few
 * statements rather than one per attempt. The executor awaits its row
 * beside the outcome's `UPDATE` (two statements in flight at once, not one
 * after the other). A write is idempotent (see
 * {@link DeliveriesRepository.insertAttempts}).
 */
@Injectable()
export class AttemptLogWriter {
  private queue: { row: DeliveryAttemptEntity; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private writing = false;

  constructor(private readonly deliveries: DeliveriesRepository) {}

  /** Resolves once `row` is written; rejects with the database error of its batch. */
  write(row: DeliveryAttemptEntity): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      if (!this.writing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.writing = true;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        await this.deliveries.insertAttempts(batch.map((entry) => entry.row));
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    this.writing = false;
  }
}
