import type { Command } from 'commander';

import { parseAccountId } from '../common/account-id.js';
import { parseDuration } from '../config/duration.js';
import { DeliveriesService } from '../delivery/admin/deliveries.service.js';
import { type DeliveryResource, toDeliveryResource } from '../delivery/log/delivery-log.resource.js';
import { DeliveryLogReader } from '../read-model/delivery-log.reader.js';
import type { CliLog } from './cli-logger.js';
import type { CliServices } from './cli-services.js';
import { parseIdArgument } from './command-options.js';
import { commandGroup, subcommand } from './command-tree.js';

/**
 * A delivery as `deliveries list` shows it: the apps' Delivery object
 * (docs/api.md#delivery-log), built by the same code from the same row, and
 * the app it is for (`A<id>`).
 */
type OperatorDelivery = DeliveryResource & { app: string };

function time(seconds: number | null): string {
  return seconds === null ? '-' : new Date(seconds * 1000).toISOString();
}

function describe(delivery: OperatorDelivery): string {
  return [
    `#${delivery.id}`,
    delivery.status,
    `event=${delivery.event}`,
    `app=${delivery.app}`,
    `attempts=${delivery.attempts}`,
    `last_status=${delivery.last_response_status ?? '-'}`,
    `created=${time(delivery.created_at)}`,
    `last_attempt=${time(delivery.last_attempt_at)}`,
    ...(delivery.status === 'pending' ? [`next_attempt=${time(delivery.next_attempt_at)}`] : []),
    `url=${delivery.url ?? '-'}`,
    ...(delivery.last_error ? [`error=${JSON.stringify(delivery.last_error)}`] : []),
  ].join('\t');
}

/** Parses `--limit`: 1..1000. */
function parseLimit(value: string): number {
  const limit = parseIdArgument(value, 'limit');
  if (limit > 1000) throw new Error('limit must be at most 1000.');
  return limit;
}

/** Parses `--account`: an account id, 0..2^64-1 in decimal (docs/api.md#objects). @returns its canonical form. */
function parseAccountArgument(value: string): string {
  const account = parseAccountId(value);
  if (account === undefined) throw new Error(`account must be an account id (digits, at most 2^64-1), got "${value}".`);
  return account;
}

/** Parses `--older-than` (units s m h d w). @returns milliseconds. */
function parseOlderThan(value: string): number {
  const ms = parseDuration(value, ['s', 'm', 'h', 'd', 'w']);
  if (ms === undefined) throw new Error(`--older-than must be a duration such as 30d, got "${value}".`);
  return ms;
}

/**
 * `deliveries list|redeliver|prune`: operators' view of callback deliveries (docs/api.md#events):
 * recent deliveries of every app in the apps' log's order, newest first, a page at a time (`--starting-after`, the
 * log's cursor), each as the apps' log shows it (docs/api.md#delivery-log); a failed one sent again
 * with a fresh retry schedule; old finished deliveries and their events deleted.
 */
export function deliveriesCommand(services: CliServices, log: CliLog): Command {
  const deliveries = commandGroup('deliveries', 'Inspect, redeliver and prune callback deliveries');
  const service = () => services.get(DeliveriesService);

  subcommand(deliveries, 'list', 'List recent deliveries (newest first by creation, then id) with their attempts and last status')
    .option('--failed', 'only deliveries that failed for good')
    .option('--limit <n>', 'how many (default 50, at most 1000)', parseLimit)
    .option('--starting-after <id>', 'only those after this delivery in the list (the last one of the list before)', (value: string) =>
      parseIdArgument(value, 'starting-after'),
    )
    .option('--account <id>', 'only deliveries of events about this account (its id)', parseAccountArgument)
    .option('--json', 'print a JSON list')
    .action(async (options: { failed?: boolean; account?: string; limit?: number; startingAfter?: number; json?: boolean }) => {
      const reader = await services.get(DeliveryLogReader);
      const after = options.startingAfter;
      const filter = { status: options.failed ? 'failed' : undefined, account: options.account };
      const rows = await reader.listRecent(filter, after, options.limit ?? 50);
      if (after !== undefined && rows.length === 0 && !(await reader.exists(after))) throw new Error(`No delivery ${after}.`);
      const list: OperatorDelivery[] = rows.map((row) => ({ ...toDeliveryResource(row), app: `A${row.appId}` }));
      if (options.json) log.print(JSON.stringify(list));
      else for (const delivery of list) log.print(describe(delivery));
    });

  subcommand(deliveries, 'redeliver', 'Send a failed or succeeded delivery again', ['<id>']).action(async (id: string) => {
    const deliveryId = parseIdArgument(id, 'id');
    await (await service()).redeliver(deliveryId);
    log.print(`Delivery ${deliveryId} is queued for redelivery.`);
  });

  subcommand(deliveries, 'prune', 'Delete finished deliveries (and their events) older than a duration')
    .option('--older-than <duration>', 'last changed longer ago than this (units s m h d w, e.g. 30d)', parseOlderThan)
    .option('--include-failed', 'also delete failed deliveries (kept by default for redelivery)')
    .action(async (options: { olderThan?: number; includeFailed?: boolean }) => {
      if (options.olderThan === undefined) throw new Error('--older-than is required, e.g. --older-than 30d.');
      const pruned = await (
        await service()
      ).prune({ olderThanSeconds: options.olderThan / 1000, includeFailed: options.includeFailed ?? false });
      log.print(`Deleted ${pruned.deliveries} delivery(ies) and ${pruned.events} event(s).`);
    });

  return deliveries;
}
