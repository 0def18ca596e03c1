import type { Command } from 'commander';

import type { CallbackResource } from '../callbacks/callback.resource.js';
import { CallbacksService } from '../callbacks/callbacks.service.js';
import { MAX_RATE_LIMIT } from '../callbacks/dto/put-callback.dto.js';
import { EVENT_TYPES, type EventType } from '../events/event-type.js';
import type { CliLog } from './cli-logger.js';
import type { CliServices } from './cli-services.js';
import { parseIdArgument } from './command-options.js';
import { commandGroup, subcommand } from './command-tree.js';

function describe(callback: CallbackResource): string {
  const limit = callback.rate_limit === null ? 'none' : `${callback.rate_limit}/s`;
  return `${callback.event}\t${callback.url}\trate_limit=${limit}\t${callback.disabled ? 'disabled' : 'enabled'}`;
}

/** Parses an event type argument. @throws Error naming the known ones. */
function parseEvent(value: string): EventType {
  if (!(EVENT_TYPES as readonly string[]).includes(value))
    throw new Error(`event must be one of ${EVENT_TYPES.join(', ')}, got "${value}".`);
  return value as EventType;
}

/** Parses a rate limit: an integer 1..10,000, or `none` (docs/api.md#rate-limit). */
function parseRateLimit(value: string): number | null {
  if (value === 'none') return null;
  const limit = /^\d{1,5}$/.test(value) ? Number(value) : 0;
  if (limit < 1 || limit > MAX_RATE_LIMIT)
    throw new Error(`the rate limit must be an integer from 1 to ${MAX_RATE_LIMIT}, or none; got "${value}".`);
  return limit;
}

/** `callbacks list|rate-limit`: apps' callbacks as operators see and steer them (docs/api.md#isolation-between-apps). */
export function callbacksCommand(services: CliServices, log: CliLog): Command {
  const callbacks = commandGroup('callbacks', 'Show apps’ callbacks and set their rate limits');
  const service = () => services.get(CallbacksService);

  subcommand(callbacks, 'list', 'List an app’s callbacks with their rate limits', ['<appId>']).action(async (appId: string) => {
    for (const callback of await (await service()).describeAll(parseIdArgument(appId, 'appId'))) log.print(describe(callback));
  });

  subcommand(callbacks, 'rate-limit', 'Set the attempts per second of an app’s callback (none: no limit)', [
    '<appId>',
    '<event>',
    '<limit>',
  ]).action(async (appId: string, event: string, limit: string) => {
    const callback = await (await service()).setRateLimit(parseIdArgument(appId, 'appId'), parseEvent(event), parseRateLimit(limit));
    log.print(describe(callback));
  });

  return callbacks;
}
