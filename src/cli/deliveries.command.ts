import { Command, CommandRunner, Option, SubCommand } from 'nest-commander';

import { parseDuration } from '../config/duration.js';
import { DeliveriesService, type DeliveryView } from '../delivery/deliveries.service.js';
import { parseIdArgument } from './command-options.js';

function time(seconds: number | null): string {
  return seconds === null ? '-' : new Date(seconds * 1000).toISOString();
}

function describe(delivery: DeliveryView): string {
  return [
    `#${delivery.id}`,
    delivery.status,
    `event=${delivery.event}#${delivery.event_id}`,
    `app=${delivery.app}`,
    `attempts=${delivery.attempts}`,
    `last_status=${delivery.last_status ?? '-'}`,
    `created=${time(delivery.created_at)}`,
    `last_attempt=${time(delivery.last_attempt_at)}`,
    ...(delivery.status === 'pending' ? [`next_attempt=${time(delivery.next_attempt_at)}`] : []),
    `url=${delivery.url ?? '(callback deleted)'}`,
    ...(delivery.last_error ? [`error=${JSON.stringify(delivery.last_error)}`] : []),
  ].join('\t');
}

/** `deliveries list [--failed] [--limit n] [--json]`: recent deliveries, newest first, with attempts and last status. */
@SubCommand({ name: 'list', description: 'List recent deliveries (newest first) with their attempts and last status' })
export class DeliveriesListCommand extends CommandRunner {
  constructor(private readonly deliveries: DeliveriesService) {
    super();
  }

  async run(_args: string[], options: { failed?: boolean; limit?: number; json?: boolean }): Promise<void> {
    const list = await this.deliveries.list({ failed: options.failed ?? false, limit: options.limit ?? 50 });
    if (options.json) console.log(JSON.stringify(list));
    else for (const delivery of list) console.log(describe(delivery));
  }

  @Option({ flags: '--failed', description: 'only deliveries that failed for good' })
  parseFailed(): boolean {
    return true;
  }

  @Option({ flags: '--limit <n>', description: 'how many (default 50, at most 1000)' })
  parseLimit(value: string): number {
    const limit = parseIdArgument(value, 'limit');
    if (limit > 1000) throw new Error('limit must be at most 1000.');
    return limit;
  }

  @Option({ flags: '--json', description: 'print a JSON list' })
  parseJson(): boolean {
    return true;
  }
}

/** `deliveries redeliver <id>`: sends a failed delivery again, with a fresh retry schedule. */
@SubCommand({ name: 'redeliver', arguments: '<id>', description: 'Send a failed delivery again' })
export class DeliveriesRedeliverCommand extends CommandRunner {
  constructor(private readonly deliveries: DeliveriesService) {
    super();
  }

  async run([id]: string[]): Promise<void> {
    const deliveryId = parseIdArgument(id, 'id');
    await this.deliveries.redeliver(deliveryId);
    console.log(`Delivery ${deliveryId} is queued for redelivery.`);
  }
}

/** `deliveries prune --older-than <duration> [--include-failed]`: deletes old finished deliveries and their events. */
@SubCommand({ name: 'prune', description: 'Delete finished deliveries (and their events) older than a duration' })
export class DeliveriesPruneCommand extends CommandRunner {
  constructor(private readonly deliveries: DeliveriesService) {
    super();
  }

  async run(_args: string[], options: { olderThan?: number; includeFailed?: boolean }): Promise<void> {
    if (options.olderThan === undefined) throw new Error('--older-than is required, e.g. --older-than 30d.');
    const pruned = await this.deliveries.prune({
      olderThanSeconds: options.olderThan / 1000,
      includeFailed: options.includeFailed ?? false,
    });
    console.log(`Deleted ${pruned.deliveries} delivery(ies) and ${pruned.events} event(s).`);
  }

  @Option({ flags: '--older-than <duration>', description: 'last changed longer ago than this (units s m h d w, e.g. 30d)' })
  parseOlderThan(value: string): number {
    const ms = parseDuration(value, ['s', 'm', 'h', 'd', 'w']);
    if (ms === undefined) throw new Error(`--older-than must be a duration such as 30d, got "${value}".`);
    return ms;
  }

  @Option({ flags: '--include-failed', description: 'also delete failed deliveries (kept by default for redelivery)' })
  parseIncludeFailed(): boolean {
    return true;
  }
}

/** `deliveries ...`: operators' view of callback deliveries (docs/api.md#events). */
@Command({
  name: 'deliveries',
  description: 'Inspect, redeliver and prune callback deliveries',
  subCommands: [DeliveriesListCommand, DeliveriesRedeliverCommand, DeliveriesPruneCommand],
})
export class DeliveriesCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}

/** Every class of the `deliveries` command tree, for the CLI module's providers. */
export const DELIVERIES_COMMANDS = [DeliveriesCommand, DeliveriesListCommand, DeliveriesRedeliverCommand, DeliveriesPruneCommand];
