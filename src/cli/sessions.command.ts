import { Command, CommandRunner, SubCommand } from 'nest-commander';

import { SessionsService } from '../auth/sessions/sessions.service.js';

/** `sessions prune`: deletes expired sessions. */
@SubCommand({ name: 'prune', description: 'Delete expired sessions' })
export class SessionsPruneCommand extends CommandRunner {
  constructor(private readonly sessions: SessionsService) {
    super();
  }

  async run(): Promise<void> {
    console.log(`Deleted ${await this.sessions.prune()} expired session(s).`);
  }
}

/** `sessions ...` */
@Command({ name: 'sessions', description: 'Manage sessions', subCommands: [SessionsPruneCommand] })
export class SessionsCommand extends CommandRunner {
  async run(): Promise<void> {
    this.command.help();
  }
}
