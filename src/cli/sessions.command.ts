import type { Command } from 'commander';

import { SessionsService } from '../auth/sessions/sessions.service.js';
import type { CliLog } from './cli-logger.js';
import type { CliServices } from './cli-services.js';
import { commandGroup, subcommand } from './command-tree.js';

/** `sessions prune`: deletes expired sessions. */
export function sessionsCommand(services: CliServices, log: CliLog): Command {
  const sessions = commandGroup('sessions', 'Manage sessions');
  subcommand(sessions, 'prune', 'Delete expired sessions').action(async () => {
    log.print(`Deleted ${await (await services.get(SessionsService)).prune()} expired session(s).`);
  });
  return sessions;
}
